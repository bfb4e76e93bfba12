import type { TFunction } from "i18next";
import { ApiError, CLIENT_ERROR_CODES } from "./client.ts";

/*
 * The one way the app words a failed call, so a refusal reads the same on every screen. The server
 * answers each refusal in one shape (domain/errors.ts): a code, a message in the account's language
 * and, for fields, each field's message. Shown:
 * - beside an input, its field's message (`fieldError`);
 * - elsewhere (`errorMessage`, `formError`), our own wording of the code where the `auth` namespace
 *   has one (identity refusals, which then follow a language switch), a wait after too many tries
 *   with its length, else the server's message;
 * - for anything that is not an answer of the API (the network failed, a bug), "unexpected" in the
 *   UI language, never a browser's own English.
 */

/**
 * What a refusal is about, as the app compares it: identity refusals carry better-auth's own reason
 * (snake_cased, e.g. email_not_verified) beside the table's code; others only the code.
 */
export function errorCode(error: unknown): string {
  if (!(error instanceof ApiError)) return CLIENT_ERROR_CODES.unexpected;
  const reason = error.details.reason;
  return (typeof reason === "string" ? reason : error.code).toLowerCase();
}

/** Our wording of the refusal's code where we have one, else `said` (the server's words). */
function worded(t: TFunction, error: ApiError, said: string): string {
  const code = errorCode(error);
  if (code === "too_many_requests" && error.retryAfterSeconds) {
    return t("auth:errors.too_many_requests_wait", { count: error.retryAfterSeconds });
  }
  return t(`auth:errors.${code}`, { defaultValue: said || t("common:error.unexpected") });
}

/** The message of a failed call, for an alert or a toast. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t("common:error.unexpected");
  return worded(t, error, error.message);
}

/** The message for one field, shown beside its input; undefined when the refusal is not about it. */
export function fieldError(t: TFunction, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const said = error.fields[field];
  return said === undefined ? undefined : worded(t, error, said);
}

/** Whether the refusal names one of these fields (shown beside them rather than in an alert). */
export function isAboutFields(error: unknown, fields: readonly string[]): boolean {
  return error instanceof ApiError && fields.some((field) => error.fields[field] !== undefined);
}

/**
 * The form-level message of a failed call: none without a failure, or when the refusal is about
 * one of the form's `fields` (each shown beside its input); else `errorMessage`.
 */
export function formError(t: TFunction, error: unknown, fields: readonly string[] = []): string | null {
  if (error === null || error === undefined || isAboutFields(error, fields)) return null;
  return errorMessage(t, error);
}
