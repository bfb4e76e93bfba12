import { Group, NativeSelect, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  currencyLabelKey,
  DEFAULT_MONEY_CURRENCY,
  MONEY_CURRENCIES,
} from "../../../domain/catalog/currencies.ts";
import { OTHER_OPTION } from "../../../domain/catalog/optionLists.ts";
import { isMoneyText, isNumberText, minorUnitsOfText, numberOfText, textOfMinorUnits } from "./numberText.ts";

/** The form's money value: minor units, the currency key and the ISO code behind "other". */
export type MoneyValue = { amount: number | null; currency: string; currencyOther: string | null };

export function emptyMoney(): MoneyValue {
  return { amount: null, currency: DEFAULT_MONEY_CURRENCY, currencyOther: null };
}

export interface NumberTextInputProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: ReactNode;
}

/** The spec's number input: keystrokes other than a minus, digits and one point are refused. */
export function NumberTextInput({ label, value, onChange, onBlur, required, error }: NumberTextInputProps) {
  const [text, setText] = useState(value === null ? "" : String(value));
  return (
    <TextInput
      label={label}
      required={required}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isNumberText(next)) return;
        setText(next);
        onChange(numberOfText(next));
      }}
      onBlur={onBlur}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}

export interface MoneyFieldProps {
  label: string;
  value: MoneyValue;
  onChange: (value: MoneyValue) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: ReactNode;
  currencyOtherError?: ReactNode;
}

/** An amount (the spec's number input, two decimals at most) and its currency. */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  required,
  error,
  currencyOtherError,
}: MoneyFieldProps) {
  const { t } = useTranslation(["records", "catalog"]);
  const [text, setText] = useState(textOfMinorUnits(value.amount));
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label={label}
        required={required}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (!isMoneyText(next)) return;
          setText(next);
          onChange({ ...value, amount: minorUnitsOfText(next) });
        }}
        onBlur={onBlur}
        error={error}
        aria-invalid={error ? true : undefined}
        style={{ flex: "1 1 12rem" }}
      />
      <NativeSelect
        label={t("records:money.currencyOf", { label })}
        value={value.currency}
        data={MONEY_CURRENCIES.map((currency) => ({
          value: currency,
          label: t(`catalog:${currencyLabelKey(currency)}`),
        }))}
        onChange={(event) => onChange({ ...value, currency: event.currentTarget.value, currencyOther: null })}
        style={{ flex: "1 1 12rem" }}
      />
      {value.currency === OTHER_OPTION && (
        <TextInput
          label={t("records:money.currencyCodeOf", { label })}
          maxLength={3}
          autoComplete="off"
          value={value.currencyOther ?? ""}
          onChange={(event) => onChange({ ...value, currencyOther: event.currentTarget.value || null })}
          error={currencyOtherError}
          aria-invalid={currencyOtherError ? true : undefined}
          style={{ flex: "0 1 8rem" }}
        />
      )}
    </Group>
  );
}
