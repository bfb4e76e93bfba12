import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import { Button, MultiSelect, Select, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconUserPlus } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { OWN_GROUP, PERSON_GROUPS, type PersonGroup } from "../../../domain/catalog/relationships.ts";
import { BREAKPOINTS_PX, WIDTHS_PX } from "../../../domain/limits.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { Dialog } from "../dialogs/Dialog.tsx";
import { clearButtonProps } from "../form/clearButton.ts";
import { personOption, usePersonLists } from "./personOptions.ts";

// The contact form (and its pickers) loads only when someone adds a person from a record.
const ContactForm = lazy(() =>
  import("../../features/personal-network/contact-form/ContactForm.tsx").then((m) => ({
    default: m.ContactForm,
  })),
);

export interface PersonRefFieldProps {
  label: string;
  /** One id (personRef) or several (personRefs). */
  value: string | null | readonly string[];
  onChange: (value: string | null | string[]) => void;
  multiple: boolean;
  groups?: readonly PersonGroup[];
  required?: boolean;
  error?: ReactNode;
  onBlur?: () => void;
}

/**
 * The options of a person picker. The user's persons are eight lists: a form that merely has the
 * field does not ask for them all in its first drawing (eight requests). They are asked for once
 * the picker is used; before, only what names the persons chosen: the user's own record's list
 * when it names them (a new record's usual holder), else every list.
 */
function useChosenPersonOptions(
  value: PersonRefFieldProps["value"],
  groups: readonly PersonGroup[] = PERSON_GROUPS,
) {
  const ids = Array.isArray(value) ? value : typeof value === "string" && value !== "" ? [value] : [];
  const [used, setUsed] = useState(false);
  const ownFirst = !used && ids.length > 0 && groups.includes(OWN_GROUP);
  const own = usePersonLists([OWN_GROUP], { enabled: ownFirst });
  const ownNamesThem = ids.every((id) => own.choices.some((choice) => choice.value === id));
  const lists = usePersonLists(groups, {
    enabled: used || (ids.length > 0 && !(ownFirst && (own.loading || ownNamesThem))),
  });
  return {
    // Lists not asked for yet still give what the cache holds: the own record's list here.
    options: lists.choices.map(personOption),
    loading: lists.loading || own.loading,
    use: () => setUsed(true),
  };
}

/**
 * One or several of the user's persons, searchable, with "Add a person" opening the Edit Contact
 * form in a modal; the saved person is chosen at once.
 */
export function PersonRefField({
  label,
  value,
  onChange,
  multiple,
  groups,
  required,
  error,
  onBlur,
}: PersonRefFieldProps) {
  const { t } = useTranslation(["records", "forms"]);
  const { options, loading, use } = useChosenPersonOptions(value, groups);
  const [adding, setAdding] = useState(false);
  const fullScreen =
    useMediaQuery(`(max-width: ${BREAKPOINTS_PX.formMobile}px)`, false, { getInitialValueInEffect: false }) ??
    false;
  const known = (id: string) => options.some((option) => option.value === id);
  const common = {
    label,
    withAsterisk: required,
    data: options,
    searchable: true,
    clearable: true,
    nothingFoundMessage: t(loading ? "forms:select.loading" : "forms:select.nothingFound"),
    clearButtonProps: clearButtonProps(t("forms:select.clear", { label })),
    error,
    "aria-invalid": error ? true : undefined,
    autoComplete: "off",
    onBlur,
    onFocus: use,
    onDropdownOpen: use,
  };
  const added = (id: string) => {
    // The new person is chosen at once: the lists that name them are asked for even if the
    // picker itself was never opened.
    use();
    setAdding(false);
    if (multiple) onChange([...(Array.isArray(value) ? value : []), id]);
    else onChange(id);
  };
  // The first of the allowed groups is where a new person goes (a child's care: a child).
  const newGroup = groups && groups.length > 0 ? groups.find((group) => group !== "me") : undefined;

  return (
    <Stack gap={4}>
      {multiple ? (
        <MultiSelect
          {...common}
          value={(Array.isArray(value) ? value : []).filter(known)}
          onChange={onChange}
          hidePickedOptions
        />
      ) : (
        <Select
          {...common}
          value={typeof value === "string" && known(value) ? value : null}
          // Choosing the chosen person again keeps them: the cross clears. Otherwise a click on the
          // holder just as the list arrives (and shows them chosen) would empty a required field.
          allowDeselect={false}
          onChange={(id) => onChange(id)}
        />
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUserPlus size={16} aria-hidden="true" />}
        onClick={() => setAdding(true)}
        style={{ alignSelf: "flex-start" }}
      >
        {t("records:person.add")}
      </Button>
      <Dialog
        opened={adding}
        onClose={() => setAdding(false)}
        title={t("records:person.addTitle")}
        size={WIDTHS_PX.formModal}
        fullScreen={fullScreen}
        closeButtonProps={{ "aria-label": t("records:person.close") }}
      >
        <Suspense fallback={<PageLoader />}>
          <ContactForm group={newGroup} onSaved={added} onCancel={() => setAdding(false)} />
        </Suspense>
      </Dialog>
    </Stack>
  );
}
