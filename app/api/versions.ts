import { versionEtag } from "../../domain/api/etag.ts";
import type { Versioned } from "../../domain/api/versions.ts";
import { ApiError } from "./client.ts";

/*
 * The app's half of versioned saves (domain/api/versions.ts): the If-Match a save of a loaded
 * version sends, and the stored version a refused one (409 edit_conflict) answers.
 */

/** The headers of a save replacing `version`; none for a new row. */
export function ifMatchOf(version: number | undefined): { headers?: Record<string, string> } {
  return version === undefined ? {} : { headers: { "If-Match": versionEtag(version) } };
}

/** The stored row a refused save (409 edit_conflict) answered, with its version; else null. */
export function editConflictOf<T extends object>(error: unknown): Versioned<T> | null {
  if (!(error instanceof ApiError) || error.code !== "edit_conflict") return null;
  const { current, version } = error.details;
  if (typeof current !== "object" || current === null || typeof version !== "number") return null;
  return { ...(current as T), version };
}
