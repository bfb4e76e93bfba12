import { ApiError } from "../../api/client.ts";

/** The server's translated message for a failed call; the fallback covers anything else thrown. */
export function errorMessage(error: unknown, fallback: string): string | null {
  if (error === null || error === undefined) return null;
  if (error instanceof ApiError && error.message !== "") return error.message;
  return fallback;
}

/** The message the server gave for one field, if any (shown beside that input). */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields[field] : undefined;
}

/** A refusal about one field is shown beside it; only other failures need the form-level message. */
export function formError(error: unknown, fields: readonly string[], fallback: string): string | null {
  if (fields.some((field) => fieldError(error, field) !== undefined)) return null;
  return errorMessage(error, fallback);
}
