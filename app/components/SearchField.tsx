import { TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";

/** How long typing pauses before a list is searched on the server. */
const SEARCH_PAUSE_MS = 300;

/**
 * A list searched on the server and read a page at a time: the text as typed, the text once typing
 * pauses (what is sent), and the page, back to the first whenever the text changes.
 */
export function usePagedSearch() {
  const [text, setText] = useState("");
  const [page, setPage] = useState(0);
  const [sent] = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);
  return {
    text,
    sent,
    page,
    setPage,
    setText(next: string) {
      setText(next);
      setPage(0);
    },
  };
}

export interface SearchFieldProps {
  /** What is searched ("Search by email or name"): the field's name and its placeholder. */
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** A list's search box: a search field named by its placeholder's words. */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      type="search"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: "100%", sm: 360 }}
    />
  );
}
