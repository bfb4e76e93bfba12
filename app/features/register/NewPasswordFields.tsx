import type { ReactNode, RefObject } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordContext } from "../../../domain/passwordStrength.ts";
import { PasswordField } from "../login/PasswordField.tsx";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter.tsx";

export type NewPasswordFieldsProps = {
  /** The first field's label and name: "Password" on registration, "New password" on a reset. */
  label: string;
  name: string;
  password: string;
  confirm: string;
  onPasswordChange: (password: string) => void;
  onConfirmChange: (confirm: string) => void;
  passwordError?: ReactNode;
  confirmError?: ReactNode;
  /** Forms focus the first field with a problem. */
  passwordRef: RefObject<HTMLInputElement | null>;
  confirmRef: RefObject<HTMLInputElement | null>;
  /** The account's email and name, where the form knows them (registration). */
  context?: PasswordContext;
};

/**
 * A new password and its confirmation, as registration and the password reset ask for them: the
 * strength meter under the first (and named by it), a show/hide toggle on each, autocomplete set
 * so password managers offer to generate and save one.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation("auth");
  const meterId = useId();
  return (
    <>
      <div>
        <PasswordField
          ref={props.passwordRef}
          label={props.label}
          name={props.name}
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={props.password}
          onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
          error={props.passwordError}
          aria-describedby={meterId}
          toggleLabel={t("fields.togglePassword")}
        />
        <PasswordStrengthMeter id={meterId} password={props.password} context={props.context} />
      </div>
      <PasswordField
        ref={props.confirmRef}
        label={t("fields.confirmPassword")}
        name="confirm"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={props.confirm}
        onChange={(event) => props.onConfirmChange(event.currentTarget.value)}
        error={props.confirmError}
        toggleLabel={t("fields.toggleConfirm")}
      />
    </>
  );
}
