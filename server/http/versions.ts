import type { FastifyReply } from "fastify";
import { ifMatchVersion, versionEtag } from "../../domain/api/etag.ts";
import { MASK } from "../../domain/secrets.ts";
import { AppError } from "../errors/app-error.ts";

/*
 * The server's half of versioned saves (domain/api/versions.ts): the If-Match a save names, the
 * ETag an answer carries, and the 409 a save naming an older version gets.
 */

/** The version a save's If-Match names; null (any version) for `*` or none. */
export function expectedVersionOf(headers: { "if-match"?: string | string[] | undefined }): number | null {
  const header = headers["if-match"];
  return ifMatchVersion(Array.isArray(header) ? header[0] : header);
}

/** The answer with the row's version as its ETag. */
export function withEtag(reply: FastifyReply, version: number): FastifyReply {
  return reply.header("etag", versionEtag(version));
}

/** The value at a dotted path replaced by MASK when it holds one (a copy; the original is untouched). */
function maskPath(value: unknown, path: readonly string[]): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const [key, ...rest] = path;
  if (key === undefined || !(key in value)) return value;
  const inner = (value as Record<string, unknown>)[key];
  if (rest.length > 0) return { ...value, [key]: maskPath(inner, rest) };
  const held = inner !== undefined && inner !== null && inner !== "";
  return { ...value, [key]: held ? MASK : inner };
}

/**
 * The 409 edit_conflict of a save that named an older version: `current` as a read answers it
 * (its secrets already masked), its `version`, and the fields the save sent, each secret path
 * (dotted) masked.
 */
export function editConflict(
  stored: Saved<unknown>,
  sent: unknown,
  secretPaths: readonly string[] = [],
): AppError {
  const masked = secretPaths.reduce((value, path) => maskPath(value, path.split(".")), sent);
  return new AppError("edit_conflict", {
    details: { current: stored.saved, version: stored.version, sent: masked },
  });
}

/** A row as a read or a save answers it, and its version for the ETag. */
export type Saved<T> = { saved: T; version: number };
