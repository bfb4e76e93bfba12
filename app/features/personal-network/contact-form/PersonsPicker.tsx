import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import { MultiSelect } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PERSON_GROUPS, relationshipGroupLabelKey } from "../../../../domain/catalog/relationships.ts";
import { LIMITS } from "../../../../domain/limits.ts";
import { clearButtonProps } from "../../../components/form/clearButton.ts";
import { fetchPersons, personQueryKeys } from "../queries.ts";

export interface PersonsPickerProps {
  label: string;
  description?: string;
  /** Chosen persons' ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** The person being edited, who cannot be their own contact. */
  excludeId?: string | null;
  error?: ReactNode;
}

/** Several saved persons of any group (emergency contacts, next of kin), searchable by name. */
export function PersonsPicker({ label, description, value, onChange, excludeId, error }: PersonsPickerProps) {
  const { t } = useTranslation(["forms", "catalog"]);
  const lists = useQueries({
    queries: PERSON_GROUPS.map((group) => ({
      queryKey: personQueryKeys.list(group),
      queryFn: () => fetchPersons(group),
      staleTime: 30_000,
    })),
  });
  const options = PERSON_GROUPS.flatMap((group, index) =>
    (lists[index]?.data ?? [])
      .filter((person) => person.id !== excludeId)
      .map((person) => ({
        value: person.id,
        label: `${[person.mainDetails.firstName, person.mainDetails.lastName].filter(Boolean).join(" ")} (${t(
          `catalog:${relationshipGroupLabelKey(group)}`,
        )})`,
      })),
  );
  return (
    <MultiSelect
      label={label}
      description={description}
      data={options}
      // Ids of persons since deleted (or not loaded yet) are not shown as bare ids.
      value={value.filter((id) => options.some((option) => option.value === id))}
      onChange={onChange}
      searchable
      clearable
      maxValues={LIMITS.emergencyContactsMax}
      nothingFoundMessage={t("select.nothingFound")}
      clearButtonProps={clearButtonProps(t("select.clear", { label }))}
      error={error}
      aria-invalid={error ? true : undefined}
      hidePickedOptions
      autoComplete="off"
    />
  );
}
