import { type ReactNode, useState } from "react";
import { MASK, MaskedInput } from "../MaskedValue.tsx";

export interface SecretFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: ReactNode;
  /** On a saved record: asks the API for the stored value (?reveal=field) when the eye is used. */
  reveal?: () => Promise<string | null>;
}

/**
 * A secret typed into a record (hidden by default, an eye shows it). A saved secret arrives
 * masked; its eye fetches the clear value once, and a secret left masked keeps its stored value.
 */
export function SecretField({ label, value, onChange, onBlur, required, error, reveal }: SecretFieldProps) {
  const [visible, setVisible] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const toggle = async (next: boolean) => {
    if (next && value === MASK && reveal) {
      setRevealing(true);
      try {
        onChange(await reveal());
      } finally {
        setRevealing(false);
      }
    }
    setVisible(next);
  };
  return (
    <MaskedInput
      label={label}
      required={required}
      value={value ?? ""}
      visible={visible}
      onVisibilityChange={(next) => void toggle(next)}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      onBlur={onBlur}
      disabled={revealing}
      error={error}
    />
  );
}
