import { NativeSelect, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PROVINCES } from "../../../domain/catalog/provinces.ts";
import { UK_COUNTY_GROUPS } from "../../../domain/catalog/ukCounties.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { RegionField as RegionFieldName } from "./addressDraft.ts";

export interface RegionFieldProps {
  field: RegionFieldName;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

/**
 * The region of an address as its country has it: Canada's 13 provinces and territories (stored
 * by English name, shown in the UI language), the United Kingdom's counties in the spec's five
 * groups, free text ("Province/State") for every other country.
 */
export function RegionField({ field, value, onChange, onBlur, error }: RegionFieldProps) {
  const { t } = useTranslation(["forms", "catalog"]);
  const common = { value, onBlur, error, "aria-invalid": error ? true : undefined, autoComplete: "off" };
  if (field === "province") {
    return (
      <NativeSelect
        {...common}
        label={t("address.province")}
        data={[
          { value: "", label: t("select.choose") },
          ...PROVINCES.map((province) => ({
            value: province.name,
            label: t(`catalog:province.${province.key}`),
          })),
        ]}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  if (field === "county") {
    return (
      <NativeSelect
        {...common}
        label={t("address.county")}
        data={[
          { value: "", label: t("select.choose") },
          ...UK_COUNTY_GROUPS.map((group) => ({
            group: t(`catalog:${group.labelKey}`),
            items: group.counties.map((county) => ({ value: county, label: county })),
          })),
        ]}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      label={t("address.state")}
      maxLength={LIMITS.textMax}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
