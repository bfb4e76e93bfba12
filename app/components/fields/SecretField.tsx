import { Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { MASK } from "../../../domain/secrets.ts";
import { MaskedInput } from "../MaskedValue.tsx";
import { PasswordGenerator } from "./PasswordGenerator.tsx";

export interface SecretFieldProps {
  label: string;
  /** A hint under the label. */
  description?: string;
  maxLength?: number;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: ReactNode;
  /** On a saved record: asks the API for the stored value (?reveal=field) when the eye is used. */
  reveal?: () => Promise<string | null>;
  /** A password: the generator under it, and its strength. */
  generator?: boolean;
}

/**
 * A secret typed into a record (hidden by default, an eye shows it). A saved secret arrives
 * masked; its eye fetches the clear value once (without making the form dirty), and a secret
 * left as it was keeps its stored value.
 */
export function SecretField(props: SecretFieldProps) {
  const { label, description, maxLength, value, onChange, onBlur, required, error, reveal, generator } =
    props;
  const [visible, setVisible] = useState(false);
  const [revealing, setRevealing] = useState(false);
  // The stored value, shown while the form still holds the mask: seeing it is not a change, and
  // the mask sent back keeps it on the server.
  const [revealed, setRevealed] = useState<string | null>(null);
  const toggle = async (next: boolean) => {
    if (next && value === MASK && reveal && revealed === null) {
      setRevealing(true);
      try {
        setRevealed((await reveal()) ?? "");
      } catch {
        // Not revealed (the API refused or is unreachable): the field stays masked.
        return;
      } finally {
        setRevealing(false);
      }
    }
    setVisible(next);
  };
  const input = (
    <MaskedInput
      label={label}
      description={description}
      maxLength={maxLength}
      required={required}
      value={value === MASK && revealed !== null ? revealed : (value ?? "")}
      visible={visible}
      onVisibilityChange={(next) => void toggle(next)}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      onBlur={onBlur}
      disabled={revealing}
      error={error}
    />
  );
  if (!generator) return input;
  return (
    <Stack gap="xs">
      {input}
      <PasswordGenerator
        label={label}
        password={value === MASK ? null : value}
        onGenerate={(password) => {
          onChange(password);
          setVisible(true);
        }}
      />
    </Stack>
  );
}
