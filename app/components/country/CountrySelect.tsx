import "@mantine/core/styles/Combobox.css";
import { Select, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { clearButtonProps } from "../form/clearButton.ts";
import { useCountryOptions } from "./countryOptions.ts";

export interface CountrySelectProps
  extends Omit<SelectProps, "data" | "value" | "onChange" | "searchable" | "nothingFoundMessage"> {
  label: string;
  /** ISO 3166-1 alpha-2 code, or null. */
  value: string | null;
  onChange: (code: string | null) => void;
}

/** A searchable select of every country, named in the UI language (the spec's countries lookup). */
export function CountrySelect({ value, onChange, error, ...props }: CountrySelectProps) {
  const { t } = useTranslation("forms");
  const options = useCountryOptions();
  return (
    <Select
      searchable
      clearable
      data={options?.map((option) => ({ value: option.code, label: option.label })) ?? []}
      value={value || null}
      onChange={(code) => onChange(code)}
      nothingFoundMessage={options ? t("select.nothingFound") : t("select.loading")}
      placeholder={t("select.searchCountry")}
      clearButtonProps={clearButtonProps(t("select.clear", { label: props.label }))}
      autoComplete="off"
      error={error}
      aria-invalid={error ? true : undefined}
      {...props}
    />
  );
}
