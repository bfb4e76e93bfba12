import "@mantine/core/styles/Combobox.css";
import { Select } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { categoryDef, isCategoryKey, listColumns } from "../../../domain/sections/index.ts";
import { categoryLabelKey } from "../../../domain/sections/labels.ts";
import { fetchRecords, type RecordListItem, recordQueryKeys } from "../../features/records/recordsApi.ts";
import { clearButtonProps } from "../form/clearButton.ts";

/** A record's name in a picker: its first text column, else its category and position. */
export function recordName(item: RecordListItem, categoryLabel: string, position: number): string {
  const first = Object.values(item.columns).find((value) => typeof value === "string" && value !== "");
  return typeof first === "string" ? first : `${categoryLabel} ${position}`;
}

/** The user's records of these categories, as picker options. */
export function useRecordOptions(categories: readonly string[]): { value: string; label: string }[] {
  const { t } = useTranslation("sections");
  const keys = categories.filter(isCategoryKey);
  const lists = useQueries({
    queries: keys.map((key) => {
      const module = categoryDef(key).module;
      return {
        queryKey: recordQueryKeys.list(module, key),
        queryFn: () => fetchRecords(module, key),
        staleTime: 30_000,
      };
    }),
  });
  return keys.flatMap((key, index) => {
    const label = t(categoryLabelKey(key));
    const named = listColumns(key).length > 0;
    return (lists[index]?.data ?? []).map((item, position) => ({
      value: item.id,
      label: named ? recordName(item, label, position + 1) : `${label} ${position + 1}`,
    }));
  });
}

export interface RecordRefFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  categories: readonly string[];
  required?: boolean;
  error?: ReactNode;
  onBlur?: () => void;
}

/** Another of the user's records, of the categories the field allows. */
export function RecordRefField({
  label,
  value,
  onChange,
  categories,
  required,
  error,
  onBlur,
}: RecordRefFieldProps) {
  const { t } = useTranslation("forms");
  const options = useRecordOptions(categories);
  return (
    <Select
      label={label}
      required={required}
      data={options}
      value={value !== null && options.some((option) => option.value === value) ? value : null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t("select.nothingFound")}
      clearButtonProps={clearButtonProps(t("select.clear", { label }))}
      error={error}
      aria-invalid={error ? true : undefined}
      autoComplete="off"
      onBlur={onBlur}
    />
  );
}
