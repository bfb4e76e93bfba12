import "@mantine/core/styles/Combobox.css";
import { Group, NativeSelect, Select, TextInput } from "@mantine/core";
import type { CountryCode } from "libphonenumber-js";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_PHONE_TYPE,
  PHONE_TYPES,
  type PhoneType,
  phoneTypeLabelKey,
} from "../../../domain/catalog/phones.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import { useCountryOptions } from "../country/countryOptions.ts";
import { clearButtonProps } from "../form/clearButton.ts";
import { formatPhoneWith, type PhoneLibrary, usePhoneLibrary } from "./phoneLibrary.ts";

/** One phone as the form holds it: region code ("CA" or ""), the number as typed, its type. */
export type PhoneRow = { code: string; number: string; type: PhoneType };

export function emptyPhoneRow(): PhoneRow {
  return { code: "", number: "", type: DEFAULT_PHONE_TYPE };
}

export function isEmptyPhoneRow(row: PhoneRow): boolean {
  return row.number.trim() === "";
}

/**
 * A saved phone as a row: the number in international format. Forms that start from saved phones
 * wait for the library (`usePhoneLibrary`), so the number is not shown raw and then changed.
 */
export function phoneRowOf(phone: Phone, library: PhoneLibrary | null): PhoneRow {
  return { code: phone.code ?? "", number: formatPhoneWith(library, phone), type: phone.type };
}

/**
 * Where a number typed in full says its country (+44 ...), the code follows it; a valid number
 * is tidied into the usual format (national when a code is chosen, else international). A number
 * that fits the chosen country keeps it: countries sharing a calling code (+1 for Canada and the
 * US) share toll-free numbers, which the library files under one of them.
 */
export function tidyPhoneRow(row: PhoneRow, library: PhoneLibrary | null): PhoneRow {
  if (!library || row.number.trim() === "") return row;
  const international = row.number.trim().startsWith("+");
  const region = row.code && library.isSupportedCountry(row.code) ? (row.code as CountryCode) : undefined;
  const parsed = library.parsePhoneNumberFromString(row.number, region);
  if (!parsed?.isValid()) return row;
  const fitsChosen =
    region !== undefined && parsed.countryCallingCode === library.getCountryCallingCode(region);
  return {
    ...row,
    code: fitsChosen ? row.code : (parsed.country ?? row.code),
    number: international || !region ? parsed.formatInternational() : parsed.formatNational(),
  };
}

export interface PhoneInputProps {
  value: PhoneRow;
  onChange: (value: PhoneRow) => void;
  /** The row's name ("Phone 2"), which starts each input's accessible name. */
  label: string;
  /** Shows the three captions above the inputs (the first row of a list). */
  withCaptions?: boolean;
  codeError?: ReactNode;
  numberError?: ReactNode;
  /** Called when an input loses focus, to check that part ("code" or "number"). */
  onBlurField?: (field: "code" | "number") => void;
}

/** A phone: country code (searchable), number and type. Emptying the number clears code and number. */
export function PhoneInput({
  value,
  onChange,
  label,
  withCaptions = false,
  codeError,
  numberError,
  onBlurField,
}: PhoneInputProps) {
  const { t } = useTranslation(["forms", "catalog"]);
  // The library and the sorted countries' names load on first use (a value, or the reader's reach),
  // so that a form with an empty phone renders and responds without that weight.
  const [reached, setReached] = useState(false);
  const used = reached || value.number !== "" || value.code !== "";
  const library = usePhoneLibrary(used);
  const countries = useCountryOptions(used);
  const reach = () => setReached(true);
  const codes =
    library && countries
      ? countries
          .filter((country) => library.isSupportedCountry(country.code))
          .map((country) => ({
            value: country.code,
            label: `+${library.getCountryCallingCode(country.code as CountryCode)} ${country.label}`,
          }))
      : [];

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" onFocusCapture={reach} onPointerEnter={reach}>
      <Select
        style={{ flex: "1 1 9rem", minWidth: "8rem" }}
        label={withCaptions ? t("phone.code") : undefined}
        aria-label={t("phone.codeOf", { row: label })}
        placeholder={t("phone.codePlaceholder")}
        searchable
        clearable
        data={codes}
        value={value.code || null}
        onChange={(code) => onChange({ ...value, code: code ?? "" })}
        onBlur={() => onBlurField?.("code")}
        nothingFoundMessage={codes.length > 0 ? t("select.nothingFound") : t("select.loading")}
        clearButtonProps={clearButtonProps(t("select.clear", { label: t("phone.codeOf", { row: label }) }))}
        error={codeError}
        aria-invalid={codeError ? true : undefined}
        autoComplete="off"
      />
      <TextInput
        style={{ flex: "2 1 10rem", minWidth: "9rem" }}
        label={withCaptions ? t("phone.number") : undefined}
        aria-label={t("phone.numberOf", { row: label })}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={LIMITS.textMax}
        value={value.number}
        onChange={(event) => {
          const number = event.currentTarget.value;
          onChange(number.trim() === "" ? { ...value, code: "", number: "" } : { ...value, number });
        }}
        onBlur={() => {
          const tidy = tidyPhoneRow(value, library);
          if (tidy.number !== value.number || tidy.code !== value.code) onChange(tidy);
          onBlurField?.("number");
        }}
        error={numberError}
        aria-invalid={numberError ? true : undefined}
      />
      <NativeSelect
        style={{ flex: "1 1 8rem", minWidth: "7rem" }}
        label={withCaptions ? t("phone.type") : undefined}
        aria-label={t("phone.typeOf", { row: label })}
        data={PHONE_TYPES.map((type) => ({ value: type, label: t(`catalog:${phoneTypeLabelKey(type)}`) }))}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.currentTarget.value as PhoneType })}
      />
    </Group>
  );
}
