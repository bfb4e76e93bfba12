import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { forwardRef } from "react";

export interface PasswordFieldProps extends PasswordInputProps {
  /** Name of the show/hide toggle ("Show password"); its pressed state says which is shown. */
  toggleLabel: string;
}

/**
 * Mantine's PasswordInput with two accessibility gaps closed: the error is also exposed as
 * aria-invalid (Mantine only sets a data attribute), and the show/hide toggle can be reached with
 * the keyboard (Mantine takes it out of the tab order).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { toggleLabel, error, ...props },
  ref,
) {
  return (
    <PasswordInput
      ref={ref}
      error={error}
      aria-invalid={error ? true : undefined}
      visibilityToggleButtonProps={{ "aria-label": toggleLabel, tabIndex: 0 }}
      {...props}
    />
  );
});
