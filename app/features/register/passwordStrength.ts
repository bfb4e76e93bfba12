import { PASSWORD_LIMITS } from "../../../domain/limits.ts";

export type StrengthLevel = "tooShort" | "weak" | "fair" | "good" | "strong";

/** The requirement (length) and the three recommendations the form lists under the password. */
export type PasswordChecks = { minLength: boolean; mixedCase: boolean; digit: boolean; symbol: boolean };

export function passwordChecks(password: string): PasswordChecks {
  return {
    minLength: password.length >= PASSWORD_LIMITS.minLength,
    mixedCase: /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{Nd}\s]/u.test(password),
  };
}

/**
 * A quick estimate for the meter, not the rule: the server has the last word (length, common
 * passwords, the account's own name or email). Variety and length earn points; a password of few
 * distinct characters stays weak however long.
 */
export function passwordStrength(password: string): StrengthLevel {
  const checks = passwordChecks(password);
  if (!checks.minLength) return "tooShort";
  if (new Set(password.toLowerCase()).size < 5) return "weak";
  const points =
    Number(checks.mixedCase) +
    Number(checks.digit) +
    Number(checks.symbol) +
    Number(password.length >= 14) +
    Number(password.length >= 20);
  if (points >= 3) return "strong";
  if (points === 2) return "good";
  if (points === 1) return "fair";
  return "weak";
}

/** How many of the meter's four bars a level fills. */
export const STRENGTH_BARS: Record<StrengthLevel, number> = {
  tooShort: 0,
  weak: 1,
  fair: 2,
  good: 3,
  strong: 4,
};
