import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.ts";

/** Lists and objects nested deeper than this are not looked into (the body limits bound them anyway). */
const MAX_DEPTH = 32;

/** The path ("addressLine1", "phones.0.number") of the first string holding U+0000, if any. */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, "key"].join(".");
    const found = nulCharacterPath(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * No person types U+0000, and PostgreSQL's text cannot store it (the insert would fail with a
 * 500): any body, query or path parameter holding one is refused with 400 naming the field, before
 * validation, on every route and both databases alike.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback, not async: it runs on every request, and a promise each time costs (app.ts).
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      assertNoNulCharacters([request.params, request.query, request.body]);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** Throws the 400 naming the first field of these request parts that holds U+0000. */
export function assertNoNulCharacters(parts: unknown[]): void {
  for (const part of parts) {
    const path = nulCharacterPath(part);
    if (path !== null) {
      throw new AppError("validation_failed", { fields: { [path]: "errors:fields.invalid_characters" } });
    }
  }
}
