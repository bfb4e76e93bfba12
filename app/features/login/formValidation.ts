import type { TFunction } from "i18next";
import { LIMITS, PASSWORD_LIMITS } from "../../../domain/limits.ts";

/*
 * Checks the identity forms make before calling the server. Each returns an `auth` translation key
 * (with its values), translated at render so a message already shown follows a language switch.
 */

export type FieldProblem = { key: string; values?: Record<string, number> } | null;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): FieldProblem {
  const value = email.trim();
  if (value === "") return { key: "validation.emailRequired" };
  if (!EMAIL_SHAPE.test(value) || value.length > LIMITS.textMax) return { key: "validation.emailInvalid" };
  return null;
}

export function checkName(name: string): FieldProblem {
  const value = name.trim();
  if (value === "") return { key: "validation.nameRequired" };
  if (value.length > LIMITS.textMax)
    return { key: "validation.nameTooLong", values: { max: LIMITS.textMax } };
  return null;
}

/** A password being chosen: the server's length rules (its strength check answers on submit). */
export function checkNewPassword(password: string): FieldProblem {
  if (password === "") return { key: "validation.passwordRequired" };
  if (password.length < PASSWORD_LIMITS.minLength) {
    return { key: "validation.passwordTooShort", values: { min: PASSWORD_LIMITS.minLength } };
  }
  if (password.length > PASSWORD_LIMITS.maxLength) {
    return { key: "validation.passwordTooLong", values: { max: PASSWORD_LIMITS.maxLength } };
  }
  return null;
}

export function checkConfirmation(password: string, confirmation: string): FieldProblem {
  if (confirmation === "") return { key: "validation.confirmRequired" };
  return confirmation === password ? null : { key: "validation.mismatch" };
}

/** The problem's message in the current language, for an input's `error`. */
export function problemText(t: TFunction, problem: FieldProblem | undefined): string | undefined {
  return problem ? t(`auth:${problem.key}`, problem.values ?? {}) : undefined;
}
