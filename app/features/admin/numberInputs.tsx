import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";
import { isMoneyText, minorUnitsOfText, textOfMinorUnits } from "../../components/fields/numberText.ts";

/** A text input holding a number (null while empty): Mantine form's `getInputProps` fits it. */
export interface NumberFieldProps extends Omit<TextInputProps, "value" | "onChange" | "type"> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/**
 * An amount typed in major units ("9.99") and held in minor units (999), with no float on the way.
 * Prices and discounts are never negative: a minus is refused as it is typed.
 */
export function MinorUnitsInput({ value, onChange, ...props }: NumberFieldProps) {
  const [text, setText] = useState(textOfMinorUnits(value));
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isMoneyText(next) || next.startsWith("-")) return;
        setText(next);
        onChange(minorUnitsOfText(next));
      }}
      aria-invalid={props.error ? true : undefined}
    />
  );
}

/** A count of days, uses or codes: digits only, so the schema's whole-number rule is never broken. */
export function WholeNumberInput({ value, onChange, ...props }: NumberFieldProps) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={value === null ? "" : String(value)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!/^\d{0,9}$/.test(next)) return;
        onChange(next === "" ? null : Number(next));
      }}
      aria-invalid={props.error ? true : undefined}
    />
  );
}
