import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import {
  Checkbox,
  Input,
  Loader,
  MultiSelect,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CANADA } from "../../../domain/catalog/countryCodes.ts";
import { type OptionListName, optionLabelKey, optionsOf } from "../../../domain/catalog/optionLists.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { choosesOther, hasOtherOption, otherFieldKey } from "../../../domain/sections/fields.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import { CountrySelect } from "../country/CountrySelect.tsx";
import { DateField } from "../DateField.tsx";
import { clearButtonProps } from "../form/clearButton.ts";
import { emptyPhoneRow, PhoneInput, type PhoneRow } from "../phone/PhoneInput.tsx";
import { DocumentsField } from "./DocumentsField.tsx";
import { emptyMoney, MoneyField, type MoneyValue, NumberTextInput } from "./MoneyField.tsx";
import { PersonRefField } from "./PersonRefField.tsx";
import { RecordRefField } from "./RecordRefField.tsx";
import { SecretField } from "./SecretField.tsx";

// The pickers with panels and modals load with the first category that has such a field.
const AddressPicker = lazy(() =>
  import("../address/AddressPicker.tsx").then((m) => ({ default: m.AddressPicker })),
);
const InstitutionPicker = lazy(() =>
  import("../institution/InstitutionPicker.tsx").then((m) => ({ default: m.InstitutionPicker })),
);

export interface FieldInputProps {
  category: CategoryDef;
  field: FieldDef;
  /** The record's current values (a province follows the country; `other` reveals its text). */
  values: Readonly<Record<string, unknown>>;
  setValue: (key: string, value: unknown) => void;
  /** A field's message, already translated. */
  errorOf: (key: string) => ReactNode;
  onBlur: (key: string) => void;
  /** On a saved record: the clear value of a secret field, through the API. */
  reveal?: (key: string) => Promise<string | null>;
}

const asString = (value: unknown): string | null => (typeof value === "string" ? value : null);
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

function optionData(list: string, t: (key: string) => string) {
  return (optionsOf(list) ?? []).map((key) => ({
    value: key,
    label: t(optionLabelKey(list as Exclude<OptionListName, "country">, key)),
  }));
}

/** Epoch ms as a month input's value, "YYYY-MM". */
function monthOf(epochMs: number | null): string {
  return epochMs === null ? "" : new Date(epochMs).toISOString().slice(0, 7);
}

/** A month input's value as its first day (UTC); the schema stores the last day of that month. */
function epochMsOfMonth(month: string): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) : null;
}

/** One field of a record form, drawn from its declared type; `other` reveals a text beside it. */
export function FieldInput(props: FieldInputProps) {
  const { t } = useTranslation(["records", "sections", "catalog", "forms"]);
  const { category, field, values, setValue, errorOf } = props;
  const label = t(fieldLabelKey(category.key, field.key));
  const otherKey = otherFieldKey(field);
  const showOther = hasOtherOption(field) && choosesOther(values[field.key]);
  return (
    <Stack gap="xs">
      <FieldControl {...props} label={label} />
      {showOther && (
        <TextInput
          label={t("records:form.otherOf", { label })}
          description={t("sections:fieldOther")}
          maxLength={LIMITS.textMax}
          autoComplete="off"
          value={asString(values[otherKey]) ?? ""}
          onChange={(event) => setValue(otherKey, event.currentTarget.value)}
          onBlur={() => props.onBlur(otherKey)}
          error={errorOf(otherKey)}
          aria-invalid={errorOf(otherKey) ? true : undefined}
        />
      )}
    </Stack>
  );
}

function FieldControl({
  category,
  field,
  values,
  setValue,
  errorOf,
  onBlur,
  reveal,
  label,
}: FieldInputProps & { label: string }) {
  const { t } = useTranslation(["records", "sections", "catalog", "forms"]);
  const key = field.key;
  const value = values[key];
  const error = errorOf(key);
  const set = (next: unknown) => setValue(key, next);
  const blur = () => onBlur(key);
  const required = field.required;
  const invalid = error ? true : undefined;
  // What every control of a field takes: its label, whether it is required, its message, and blur.
  const common = { label, required, onBlur: blur, error };

  switch (field.type) {
    case "text":
    case "url":
    case "email":
      return (
        <TextInput
          {...common}
          type={field.type === "text" ? "text" : field.type}
          maxLength={LIMITS.textMax}
          autoComplete="off"
          value={asString(value) ?? ""}
          onChange={(event) => set(event.currentTarget.value)}
          aria-invalid={invalid}
        />
      );
    case "longtext":
      return (
        <Textarea
          {...common}
          rows={4}
          maxLength={LIMITS.longTextMax}
          value={asString(value) ?? ""}
          onChange={(event) => set(event.currentTarget.value)}
          aria-invalid={invalid}
        />
      );
    case "date":
      if (field.datePrecision === "month") {
        return (
          <TextInput
            {...common}
            type="month"
            autoComplete="off"
            value={monthOf(typeof value === "number" ? value : null)}
            onChange={(event) => set(epochMsOfMonth(event.currentTarget.value))}
            aria-invalid={invalid}
          />
        );
      }
      return <DateField {...common} value={typeof value === "number" ? value : null} onChange={set} />;
    case "money":
      return (
        <MoneyField
          {...common}
          value={(value as MoneyValue | null) ?? emptyMoney()}
          onChange={set}
          error={error ?? errorOf(`${key}.amount`)}
          currencyOtherError={errorOf(`${key}.currencyOther`)}
        />
      );
    case "number":
      return <NumberTextInput {...common} value={typeof value === "number" ? value : null} onChange={set} />;
    case "select": {
      if (field.options === "country") {
        return <CountrySelect {...common} value={asString(value)} onChange={set} />;
      }
      const hasCountry = values.country !== undefined;
      if (field.options === "province" && hasCountry && values.country !== CANADA) {
        return (
          <TextInput
            {...common}
            maxLength={LIMITS.textMax}
            autoComplete="off"
            value={asString(value) ?? ""}
            onChange={(event) => set(event.currentTarget.value)}
            aria-invalid={invalid}
          />
        );
      }
      return (
        <NativeSelect
          {...common}
          value={asString(value) ?? ""}
          data={[{ value: "", label: t("forms:select.choose") }, ...optionData(field.options ?? "", t)]}
          onChange={(event) => set(event.currentTarget.value || null)}
          aria-invalid={invalid}
        />
      );
    }
    case "multiselect":
      return (
        <MultiSelect
          {...common}
          data={optionData(field.options ?? "", t)}
          value={asStrings(value)}
          onChange={set}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t("forms:select.nothingFound")}
          clearButtonProps={clearButtonProps(t("forms:select.clear", { label }))}
          aria-invalid={invalid}
          autoComplete="off"
        />
      );
    case "boolean":
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
          error={error}
        />
      );
    case "phone":
      return (
        <Input.Wrapper label={label} required={required} labelElement="div" error={error}>
          <PhoneInput
            label={label}
            withCaptions
            value={(value as PhoneRow | null) ?? emptyPhoneRow()}
            onChange={set}
            numberError={errorOf(`${key}.number`)}
            codeError={errorOf(`${key}.code`)}
            onBlurField={blur}
          />
        </Input.Wrapper>
      );
    case "personRef":
    case "personRefs":
      return (
        <PersonRefField
          {...common}
          multiple={field.type === "personRefs"}
          groups={field.personGroups}
          value={field.type === "personRefs" ? asStrings(value) : asString(value)}
          onChange={set}
        />
      );
    case "addressRef":
      return (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={label} />}>
          <AddressPicker
            label={label}
            required={required}
            value={asString(value)}
            onChange={set}
            error={error}
          />
        </Suspense>
      );
    case "institutionRef":
      return (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={label} />}>
          <InstitutionPicker
            label={label}
            required={required}
            value={asString(value)}
            onChange={set}
            error={error}
          />
        </Suspense>
      );
    case "recordRef":
      return (
        <RecordRefField
          {...common}
          categories={field.recordCategories ?? []}
          value={asString(value)}
          onChange={set}
        />
      );
    case "secret":
      return (
        <SecretField
          {...common}
          value={asString(value)}
          onChange={set}
          reveal={reveal ? () => reveal(key) : undefined}
          generator={field.generate === true}
        />
      );
    case "documents":
      return (
        <DocumentsField
          label={label}
          value={asStrings(value)}
          onChange={set}
          module={category.module}
          category={category.key}
        />
      );
  }
}
