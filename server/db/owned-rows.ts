import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** The columns the shared queries touch: every table of rows that belong to one account has them. */
type OwnedColumns = { id: string; owner_id: string; created_at: number };

/** The tables whose rows belong to one account (person, address, institution, record...). */
export type OwnedTable = { [K in keyof DB]: DB[K] extends OwnedColumns ? K : never }[keyof DB];

/** What an update may change: everything but the row's identity, owner and creation time. */
export type OwnedChanges<T extends OwnedTable> = Omit<DB[T], "id" | "owner_id" | "created_at">;

/**
 * The owner-scoped CRUD every such table needs, each query filtered by owner_id, so a handler
 * cannot reach another account's rows by forgetting a check. Modules add their own queries beside
 * these. Pass a transaction as `db` to run them inside it.
 */
export function ownedRows<T extends OwnedTable>(
  db: Kysely<DB>,
  table: T,
  options: { orderBy: keyof OwnedColumns | (keyof DB[T] & string) },
) {
  // Kysely cannot resolve column names over a table chosen by a type parameter; these queries name
  // only the columns OwnedColumns guarantees (and the caller's order column), so they are written
  // against a database of one such table and their rows are the table's own.
  const owned = db as unknown as Kysely<{ owned: OwnedColumns }>;
  const from = table as unknown as "owned";
  const orderBy = options.orderBy as keyof OwnedColumns;
  type Row = DB[T];

  return {
    async list(ownerId: string): Promise<Row[]> {
      const rows = await owned
        .selectFrom(from)
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy(orderBy)
        .orderBy("id")
        .execute();
      return rows as unknown as Row[];
    },

    async find(ownerId: string, id: string): Promise<Row | undefined> {
      const row = await owned
        .selectFrom(from)
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return row as unknown as Row | undefined;
    },

    /** Some of the owner's rows by id, in no particular order (another account's ids find nothing). */
    async findMany(ownerId: string, ids: readonly string[]): Promise<Row[]> {
      if (ids.length === 0) return [];
      const rows = await owned
        .selectFrom(from)
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "in", [...ids])
        .execute();
      return rows as unknown as Row[];
    },

    /**
     * Whose a row is, whoever asks: only for a path that names a row but no owner (a nominee's
     * read of a person, an address or a company), which then checks the caller's grant from them.
     */
    async ownerOf(id: string): Promise<string | undefined> {
      const row = await owned.selectFrom(from).select("owner_id").where("id", "=", id).executeTakeFirst();
      return row?.owner_id;
    },

    async insert(row: Row): Promise<void> {
      await owned
        .insertInto(from)
        .values(row as unknown as OwnedColumns)
        .execute();
    },

    /**
     * The row as changed, read in the same statement (a save answers it without reading again);
     * undefined when the owner has no such row.
     */
    async update(ownerId: string, id: string, changes: OwnedChanges<T>): Promise<Row | undefined> {
      const row = await owned
        .updateTable(from)
        .set(changes as unknown as Partial<OwnedColumns>)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row as unknown as Row | undefined;
    },

    async delete(ownerId: string, id: string): Promise<void> {
      await owned.deleteFrom(from).where("owner_id", "=", ownerId).where("id", "=", id).execute();
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await owned.deleteFrom(from).where("owner_id", "=", ownerId).execute();
    },
  };
}
