import { TextInput, type TextInputProps } from "@mantine/core";

/** Epoch ms (UTC midnight) as the value of a date input, "YYYY-MM-DD". */
export function isoDateOf(epochMs: number | null): string {
  if (epochMs === null) return "";
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** A date input's value as epoch ms at UTC midnight (the API's calendar dates), or null. */
export function epochMsOf(isoDate: string): number | null {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const epochMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(epochMs) ? null : epochMs;
}

export interface DateFieldProps extends Omit<TextInputProps, "value" | "onChange" | "type" | "max" | "min"> {
  label: string;
  value: number | null;
  onChange: (epochMs: number | null) => void;
  /** The latest date allowed (e.g. today for a birthday), as epoch ms. */
  max?: number;
}

/**
 * A calendar date through the browser's own date input: accessible by keyboard and screen reader
 * everywhere, with the platform's picker on phones, and no date library to download.
 */
export function DateField({ value, onChange, max, error, ...props }: DateFieldProps) {
  return (
    <TextInput
      type="date"
      value={isoDateOf(value)}
      onChange={(event) => onChange(epochMsOf(event.currentTarget.value))}
      max={max === undefined ? undefined : isoDateOf(max)}
      error={error}
      aria-invalid={error ? true : undefined}
      autoComplete="off"
      {...props}
    />
  );
}
