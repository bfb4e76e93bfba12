import type { DocumentTable } from "../../db/schema.ts";

/**
 * Rules of documents beyond the schema's. Every route needs the subscriber rule (subscriber or
 * b2b: the record modules are closed to accounts with neither role), and the repository keeps
 * every query to the caller's rows, so another account's document answers like a missing one.
 */

/** A document is reached through its own module and type: a path naming others finds nothing. */
export function isAt(row: Pick<DocumentTable, "module" | "type">, module: string, type: string): boolean {
  return row.module === module && row.type === type;
}
