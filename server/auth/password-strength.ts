/**
 * Passwords attackers try first. Length alone (10+) already rules out most of the classic lists;
 * these are the long ones that still top breach corpora, compared without case.
 */
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

function isRunOfSequence(lower: string): boolean {
  return SEQUENCES.some((sequence) => sequence.includes(lower) || (sequence + sequence).includes(lower));
}

/**
 * Why a password is too easy to guess, or null when it is acceptable. Length limits are
 * better-auth's; this rejects what is long enough but still weak: a common password, a single
 * repeated character or few distinct ones, a keyboard or alphabet run, or the account's own email
 * or name.
 */
export function isWeakPassword(password: string, context: { email?: string; name?: string } = {}): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (new Set(lower).size < 4) return true;
  if (isRunOfSequence(lower)) return true;
  const local = context.email?.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 4 && lower.includes(local)) return true;
  const name = context.name?.toLowerCase().replace(/\s+/g, "") ?? "";
  if (name.length >= 4 && lower.replace(/\s+/g, "").includes(name)) return true;
  // "password" or "motdepasse" with a few digits or symbols around it.
  const letters = lower.replace(/[^a-z]/g, "");
  return ["password", "motdepasse", "qwerty", "azerty", "letmein", "welcome"].includes(letters);
}

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
