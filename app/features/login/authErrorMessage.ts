import type { TFunction } from "i18next";
import { ApiError, CLIENT_ERROR_CODES } from "../../api/client.ts";

/** The spec's identity error E0000099 (SMS verification outside Canada and the US), in any case. */
export const SMS_REGION_ERROR_CODE = "e0000099";

/**
 * What an identity refusal is about, as the app compares it: the server sends better-auth's own
 * reason (snake_cased, e.g. email_not_verified) beside the table's code; other errors have only a code.
 */
export function errorCode(error: unknown): string {
  if (!(error instanceof ApiError)) return CLIENT_ERROR_CODES.unexpected;
  const reason = error.details.reason;
  return (typeof reason === "string" ? reason : error.code).toLowerCase();
}

/**
 * The message to show for a refused identity call, in the UI language at render time: ours for the
 * codes we word (so it follows a language switch), else the server's translated message.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t("auth:errors.unexpected");
  const code = errorCode(error);
  if (code === "too_many_requests" && error.retryAfterSeconds) {
    return t("auth:errors.too_many_requests_wait", { count: error.retryAfterSeconds });
  }
  const fallback = error.message || t("auth:errors.unexpected");
  return t(`auth:errors.${code}`, { defaultValue: fallback });
}

/** The server's message for one field (error.fields), worded by us when we know the code. */
export function authFieldError(t: TFunction, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.fields[field] === undefined) return undefined;
  return authErrorMessage(t, error);
}

/** Whether the refusal is about fields the form shows beside its inputs, rather than in an alert. */
export function isFieldError(error: unknown, fields: readonly string[]): boolean {
  return error instanceof ApiError && fields.some((field) => error.fields[field] !== undefined);
}
