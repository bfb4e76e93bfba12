import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MultiValueInput } from "../multi-value/MultiValueInput.tsx";
import { emptyPhoneRow, isEmptyPhoneRow, PhoneInput, type PhoneRow } from "./PhoneInput.tsx";

export interface PhoneListInputProps {
  values: readonly PhoneRow[];
  onChange: (rows: PhoneRow[], edited: number | null) => void;
  /** The message of one row's part, if any. */
  errorOf?: (index: number, field: "code" | "number") => ReactNode;
  onBlurField?: (index: number, field: "code" | "number") => void;
  legend?: string;
}

/** Up to 5 phones (country code, number, type) with the spec's multi-value rules. */
export function PhoneListInput({ values, onChange, errorOf, onBlurField, legend }: PhoneListInputProps) {
  const { t } = useTranslation("forms");
  return (
    <MultiValueInput
      legend={legend ?? t("phone.legend")}
      hint={t("phone.hint")}
      values={values}
      onChange={onChange}
      emptyValue={emptyPhoneRow}
      isEmpty={isEmptyPhoneRow}
      rowLabel={(position) => t("phone.row", { position })}
      addLabel={t("phone.add")}
      renderRow={({ value, index, label, onChange: change }) => (
        <PhoneInput
          value={value}
          onChange={change}
          label={label}
          withCaptions={index === 0}
          codeError={errorOf?.(index, "code")}
          numberError={errorOf?.(index, "number")}
          onBlurField={(field) => onBlurField?.(index, field)}
        />
      )}
    />
  );
}
