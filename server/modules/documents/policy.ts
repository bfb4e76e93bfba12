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

/** The download's variant reaches a document through its module and the category it is filed under. */
export function isFiledAt(
  row: Pick<DocumentTable, "module" | "assigned_module" | "assigned_type">,
  at: FiledAddress,
): boolean {
  return (
    row.module === at.module &&
    row.assigned_module === at.assignedModule &&
    row.assigned_type === at.assignedType
  );
}

/** A document named by its module and filing: `{module}/{subtype}/{type}/{id}`. */
export type FiledAddress = { module: string; assignedModule: string; assignedType: string; id: string };
