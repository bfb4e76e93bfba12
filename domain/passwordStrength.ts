import { PASSWORD_LIMITS } from "./limits.ts";

/**
 * The one rule of a new password, for the server (which refuses) and the app (its meter and
 * checklist): the length, the classes of characters the meter rewards, and the check that refuses
 * a password too easy to guess. The word list is short on purpose: it is in the register page's
 * JavaScript; length alone (10+) already rules out most of the classic lists.
 */

/** Passwords attackers try first that are long enough, compared without case. */
const COMMON_PASSWORDS = new Set([
  "1234567890",
  "12345678910",
  "0987654321",
  "1q2w3e4r5t",
  "1qaz2wsx3edc",
  "qwertyuiop",
  "asdfghjkl;",
  "zxcvbnm123",
  "qwerty1234",
  "qwerty12345",
  "qwerty123456",
  "password12",
  "password123",
  "password1234",
  "password!!",
  "passw0rd123",
  "iloveyou123",
  "letmein123",
  "welcome123",
  "welcome1234",
  "changeme123",
  "administrator",
  "admin12345",
  "abcdefghij",
  "abcd1234567",
  "abc1234567",
  "football123",
  "baseball123",
  "princess123",
  "sunshine123",
  "superman123",
  "michael123",
  "dragon1234",
  "monkey1234",
  "trustno1trustno1",
  "motdepasse",
  "motdepasse1",
  "motdepasse123",
  "azertyuiop",
  "azerty1234",
  "azerty123456",
  "bonjour123",
  "soleil1234",
  "kinfile123",
  "kinfile1234",
]);

const SEQUENCES = [
  "0123456789",
  "9876543210",
  "abcdefghijklmnopqrstuvwxyz",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "azertyuiop",
];

/** Words that, with a few digits or symbols around them, are still the first guesses. */
const GUESSED_WORDS = ["password", "motdepasse", "qwerty", "azerty", "letmein", "welcome"];

/** What the rule knows of the account: a password made of its email or name is easy to guess. */
export type PasswordContext = { email?: string; name?: string };

function isRunOfSequence(lower: string): boolean {
  return SEQUENCES.some((sequence) => sequence.includes(lower) || (sequence + sequence).includes(lower));
}

/**
 * True when a password is too easy to guess: a common password, a single repeated character or
 * few distinct ones, a keyboard or alphabet run, a guessed word dressed with digits, or the
 * account's own email or name.
 */
export function isGuessablePassword(password: string, context: PasswordContext = {}): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (new Set(lower).size < 4) return true;
  if (isRunOfSequence(lower)) return true;
  const local = context.email?.trim().toLowerCase().split("@")[0] ?? "";
  if (local.length >= 4 && lower.includes(local)) return true;
  const name = context.name?.toLowerCase().replace(/\s+/g, "") ?? "";
  if (name.length >= 4 && lower.replace(/\s+/g, "").includes(name)) return true;
  return GUESSED_WORDS.includes(lower.replace(/[^a-z]/g, ""));
}

/**
 * The checklist under a new password: two requirements (its length, not guessable) and three
 * recommendations the meter rewards (mixed case, a digit, a symbol).
 */
export type PasswordChecks = {
  length: boolean;
  notGuessable: boolean;
  mixedCase: boolean;
  digit: boolean;
  symbol: boolean;
};

export function passwordChecks(password: string, context: PasswordContext = {}): PasswordChecks {
  const length = password.length >= PASSWORD_LIMITS.minLength && password.length <= PASSWORD_LIMITS.maxLength;
  return {
    length,
    notGuessable: password !== "" && !isGuessablePassword(password, context),
    mixedCase: /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{Nd}\s]/u.test(password),
  };
}

/** Why the server refuses a new password (its error reason, errors.json `auth.<reason>`), or null. */
export type PasswordRefusal = "password_too_short" | "password_too_long" | "password_too_weak";

export function passwordRefusal(password: string, context: PasswordContext = {}): PasswordRefusal | null {
  if (password.length < PASSWORD_LIMITS.minLength) return "password_too_short";
  if (password.length > PASSWORD_LIMITS.maxLength) return "password_too_long";
  return isGuessablePassword(password, context) ? "password_too_weak" : null;
}

export type StrengthLevel = "tooShort" | "weak" | "fair" | "good" | "strong";

/**
 * The meter's level: a password the server refuses is "too short" or "weak", never more; an
 * accepted one earns a point for each recommendation met and for a length of 14, then 20.
 */
export function passwordStrength(password: string, context: PasswordContext = {}): StrengthLevel {
  const refusal = passwordRefusal(password, context);
  if (refusal === "password_too_short") return "tooShort";
  if (refusal !== null) return "weak";
  const checks = passwordChecks(password, context);
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
