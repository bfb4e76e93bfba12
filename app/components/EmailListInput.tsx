import { TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../domain/limits.ts";
import { MultiValueInput } from "./multi-value/MultiValueInput.tsx";

export interface EmailListInputProps {
  values: readonly string[];
  onChange: (rows: string[], edited: number | null) => void;
  errorOf?: (index: number) => ReactNode;
  onBlurRow?: (index: number) => void;
  legend?: string;
}

/** Up to 5 email addresses (each at most 256 characters) with the spec's multi-value rules. */
export function EmailListInput({ values, onChange, errorOf, onBlurRow, legend }: EmailListInputProps) {
  const { t } = useTranslation("forms");
  return (
    <MultiValueInput
      legend={legend ?? t("email.legend")}
      hint={t("email.hint")}
      values={values}
      onChange={onChange}
      emptyValue={() => ""}
      isEmpty={(value) => value.trim() === ""}
      rowLabel={(position) => t("email.row", { position })}
      addLabel={t("email.add")}
      renderRow={({ value, index, label, onChange: change }) => {
        const error = errorOf?.(index);
        return (
          <TextInput
            aria-label={label}
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={LIMITS.textMax}
            value={value}
            onChange={(event) => change(event.currentTarget.value)}
            onBlur={() => onBlurRow?.(index)}
            error={error}
            aria-invalid={error ? true : undefined}
          />
        );
      }}
    />
  );
}
