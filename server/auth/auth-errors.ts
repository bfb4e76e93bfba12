import type { Language } from "../../domain/catalog/languages.ts";
import { ERROR_STATUS, type ErrorCode } from "../errors/codes.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";

/** better-auth's codes are SCREAMING_SNAKE; ours are snake. */
export function authErrorCode(code: unknown, status: number): string {
  if (typeof code === "string" && /^[A-Z0-9_]+$/.test(code)) return code.toLowerCase();
  const byStatus = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(
    ([, value]) => value === status,
  );
  return byStatus?.[0] ?? "bad_request";
}

/**
 * Refusals better-auth answers with 500 although the client caused them: a passkey registration
 * whose response fails verification (wrong origin, bad attestation). They are the client's 400,
 * not a server failure to alert on; the plugin has already logged the underlying reason.
 */
const CLIENT_FAULTS = new Set(["FAILED_TO_VERIFY_REGISTRATION"]);

export function authErrorStatus(status: number, code: unknown): number {
  return status === 500 && typeof code === "string" && CLIENT_FAULTS.has(code) ? 400 : status;
}

/** The field a refusal is about, so the form shows it beside the right input. */
function fieldOf(code: string, path: string): string | undefined {
  if (code.startsWith("password_too_")) {
    return path === "/reset-password" || path === "/change-password" ? "newPassword" : "password";
  }
  if (code === "invalid_password") return "password";
  if (code === "invalid_email") return "email";
  if (code === "invalid_code" || code === "invalid_backup_code") return "code";
  return undefined;
}

/**
 * Our error body for a refusal from better-auth: its code (snake_cased) kept for the app to branch
 * on (email_not_verified offers to resend the email), with a message in the request's language:
 * errors.json "auth.<code>" when we word that code, else the generic message of the status.
 */
export function authErrorBody(
  locales: LocaleStore,
  language: Language,
  options: { status: number; code: unknown; path: string },
) {
  const code = authErrorCode(options.code, options.status);
  const key = `errors:auth.${code}`;
  let message = locales.translate(language, key);
  if (message === key) {
    const generic = authErrorCode(undefined, options.status);
    message = locales.translate(language, `errors:codes.${generic}`);
  }
  const field = fieldOf(code, options.path);
  return { error: { code, message, ...(field === undefined ? {} : { fields: { [field]: message } }) } };
}
