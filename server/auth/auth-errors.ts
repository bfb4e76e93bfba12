import type { Language } from "../../domain/catalog/languages.ts";
import { codeOfStatus, ERROR_STATUS, type ErrorCode, isErrorCode } from "../../domain/errors.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";

/** better-auth's reason for a refusal, snake_cased like ours ("INVALID_PASSWORD" → "invalid_password"). */
function authReason(code: unknown, status: number): string {
  if (typeof code === "string" && /^[A-Z0-9_]+$/.test(code)) return code.toLowerCase();
  return codeOfStatus(status);
}

/**
 * The table's code for a refusal. A wrong value typed in a field (a TOTP code while setting up
 * two-factor, the current password) is validation_failed, a 400, even where better-auth says 401:
 * the app takes a 401 for an ended session and would sign the person out.
 */
function tableCode(reason: string, status: number, hasField: boolean): ErrorCode {
  if (hasField) return "validation_failed";
  if (isErrorCode(reason) && ERROR_STATUS[reason] === status) return reason;
  return codeOfStatus(status);
}

/**
 * Refusals better-auth answers with 500 although the client caused them: a passkey registration
 * whose response fails verification (wrong origin, bad attestation). They are the client's 400,
 * not a server failure to alert on; the plugin has already logged the underlying reason.
 */
const CLIENT_FAULTS = new Set(["FAILED_TO_VERIFY_REGISTRATION"]);

function clientStatus(status: number, code: unknown): number {
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
 * Our status and body for a refusal from better-auth: a code from the one table (domain/errors.ts)
 * like every other error, better-auth's own reason beside it for the app to branch on
 * (email_not_verified offers to resend the email), and a message in the request's language:
 * errors.json "auth.<reason>" when we word that reason, else the code's message.
 */
export function authErrorBody(
  locales: LocaleStore,
  language: Language,
  options: { status: number; code: unknown; path: string },
) {
  const reason = authReason(options.code, options.status);
  const field = fieldOf(reason, options.path);
  const code = tableCode(reason, clientStatus(options.status, options.code), field !== undefined);
  const key = `errors:auth.${reason}`;
  let message = locales.translate(language, key);
  if (message === key) message = locales.translate(language, `errors:codes.${code}`);
  return {
    // The code's own status: better-auth's 422 (an address already registered) is a 400 here.
    status: ERROR_STATUS[code],
    body: {
      error: { code, reason, message, ...(field === undefined ? {} : { fields: { [field]: message } }) },
    },
  };
}
