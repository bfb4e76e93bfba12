import type { Kysely } from "kysely";
import type { OwnedChanges, OwnedTable } from "./owned-rows.ts";
import type { DB } from "./schema.ts";

/** The owned tables whose rows carry a version, raised by every save (person, address, institution). */
export type VersionedTable = {
  [K in OwnedTable]: DB[K] extends { version: number } ? K : never;
}[OwnedTable];

type VersionedColumns = { id: string; owner_id: string; version: number };

/**
 * The update of a versioned table: it raises the version, and with `expectedVersion` writes only
 * while the stored version is still that one, in one statement, so of two saves naming the same
 * version one changes a row. Pass a transaction as `db` to run it inside it.
 */
export function versionedRows<T extends VersionedTable>(db: Kysely<DB>, table: T) {
  // As in ownedRows: written against a database of one such table, naming only its shared columns.
  const versioned = db as unknown as Kysely<{ versioned: VersionedColumns }>;
  const from = table as unknown as "versioned";

  return {
    /**
     * The row as saved, read in the same statement; undefined when the owner has no such row or
     * it is no longer `expectedVersion` (any, when null).
     */
    async update(
      ownerId: string,
      id: string,
      changes: Omit<OwnedChanges<T>, "version">,
      expectedVersion: number | null = null,
    ): Promise<DB[T] | undefined> {
      const row = await versioned
        .updateTable(from)
        .set(changes as unknown as Partial<VersionedColumns>)
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .$if(expectedVersion !== null, (query) => query.where("version", "=", expectedVersion as number))
        .returningAll()
        .executeTakeFirst();
      return row as unknown as DB[T] | undefined;
    },
  };
}
