import "@mantine/core/styles/Combobox.css";
import { Select } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { clearButtonProps } from "../form/clearButton.ts";
import { useRecordOptions } from "./recordOptions.ts";

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
