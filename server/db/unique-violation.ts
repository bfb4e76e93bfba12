/** A write refused by a unique index, on SQLite (node:sqlite) or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "23505") return true;
  return typeof message === "string" && message.startsWith("UNIQUE constraint failed");
}
