import type { TFunction } from "i18next";
import { LIMITS, PASSWORD_LIMITS } from "../../../domain/limits.ts";
import { type PasswordContext, passwordRefusal } from "../../../domain/passwordStrength.ts";

/*
 * Checks the identity forms make before calling the server. Each returns an `auth` translation key
 * (with its values), translated at render so a message already shown follows a language switch.
 */

/** A field's check: null when it passes, else an `auth` translation key and its values. */
export type FieldCheck = { key: string; values?: Record<string, number> } | null;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): FieldCheck {
  const value = email.trim();
  if (value === "") return { key: "validation.emailRequired" };
  if (!EMAIL_SHAPE.test(value) || value.length > LIMITS.textMax) return { key: "validation.emailInvalid" };
  return null;
}

export function checkName(name: string): FieldCheck {
  const value = name.trim();
  if (value === "") return { key: "validation.nameRequired" };
  if (value.length > LIMITS.textMax)
    return { key: "validation.nameTooLong", values: { max: LIMITS.textMax } };
  return null;
}

/** A password being chosen, by the server's own rule (domain/passwordStrength.ts). */
export function checkNewPassword(password: string, context: PasswordContext = {}): FieldCheck {
  if (password === "") return { key: "validation.passwordRequired" };
  switch (passwordRefusal(password, context)) {
    case "password_too_short":
      return { key: "validation.passwordTooShort", values: { min: PASSWORD_LIMITS.minLength } };
    case "password_too_long":
      return { key: "validation.passwordTooLong", values: { max: PASSWORD_LIMITS.maxLength } };
    case "password_too_weak":
      return { key: "validation.passwordTooWeak" };
    case null:
      return null;
  }
}

export function checkConfirmation(password: string, confirmation: string): FieldCheck {
  if (confirmation === "") return { key: "validation.confirmRequired" };
  return confirmation === password ? null : { key: "validation.mismatch" };
}

/** The problem's message in the current language, for an input's `error`. */
export function problemText(t: TFunction, problem: FieldCheck | undefined): string | undefined {
  return problem ? t(`auth:${problem.key}`, problem.values ?? {}) : undefined;
}
