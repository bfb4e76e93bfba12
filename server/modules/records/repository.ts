import { type Kysely, sql } from "kysely";
import type { DB, RecordTable } from "../../db/schema.ts";

/** A record without its body: what a list needs to know whether it has the list columns already. */
export type RecordHead = Omit<RecordTable, "body_enc" | "version" | "updated_by"> & {
  /** The last 16 bytes of body_enc: the AES-GCM authentication tag, new with every save. */
  body_tag: Uint8Array;
};

/** The tag's bytes, cut in SQL so bodies stay in the database (same expression on both dialects). */
const BODY_TAG = sql<Uint8Array>`substr(body_enc, length(body_enc) - 15, 16)`;

/**
 * Every query on records, each filtered by its owner: a handler cannot reach another account's
 * rows by forgetting a check. Pass a transaction to run them inside it.
 */
export function recordRepository(db: Kysely<DB>) {
  return {
    find(ownerId: string, category: string, id: string): Promise<RecordTable | undefined> {
      return db
        .selectFrom("record")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("category", "=", category)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** A category's records without their bodies, oldest first (see RecordHead). */
    listHeads(ownerId: string, module: string, category: string): Promise<RecordHead[]> {
      return db
        .selectFrom("record")
        .select(["id", "owner_id", "module", "category", "reminder_date", "created_at", "updated_at"])
        .select(BODY_TAG.as("body_tag"))
        .where("owner_id", "=", ownerId)
        .where("module", "=", module)
        .where("category", "=", category)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    /** Some of the owner's records by id, in no particular order. */
    findMany(ownerId: string, ids: readonly string[]): Promise<RecordTable[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("record")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "in", [...ids])
        .execute();
    },

    /**
     * Every record of the given categories (a nominee's shared scope), in no particular order; the
     * first `limit` by id when given (a search naming the categories).
     */
    listInCategories(ownerId: string, categories: readonly string[], limit?: number): Promise<RecordTable[]> {
      if (categories.length === 0) return Promise.resolve([]);
      const query = db
        .selectFrom("record")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("category", "in", categories);
      return (limit === undefined ? query : query.orderBy("id").limit(limit)).execute();
    },

    /** The category of one of the owner's records, whatever it is; undefined when it is not theirs. */
    async categoryOf(ownerId: string, id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("record")
        .select("category")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.category;
    },

    /** category -> number of records, for the categories of one module that have any. */
    async countByCategory(ownerId: string, module: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("record")
        .select((eb) => ["category", eb.fn.countAll<number | string | bigint>().as("count")])
        .where("owner_id", "=", ownerId)
        .where("module", "=", module)
        .groupBy("category")
        .execute();
      return new Map(rows.map((row) => [row.category, Number(row.count)]));
    },

    async insert(row: RecordTable): Promise<void> {
      await db.insertInto("record").values(row).execute();
    },

    /**
     * Writes a save and raises the version in one statement, when the stored version is still
     * `expectedVersion` (any, when null): of two saves naming the same version, one changes a row.
     * The new version; null when nothing was written (no such record, or another version).
     */
    async update(
      ownerId: string,
      category: string,
      id: string,
      expectedVersion: number | null,
      changes: Pick<RecordTable, "body_enc" | "reminder_date" | "updated_at" | "updated_by">,
    ): Promise<number | null> {
      let query = db
        .updateTable("record")
        .set(changes)
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("owner_id", "=", ownerId)
        .where("category", "=", category)
        .where("id", "=", id);
      if (expectedVersion !== null) query = query.where("version", "=", expectedVersion);
      const row = await query.returning("version").executeTakeFirst();
      return row === undefined ? null : Number(row.version);
    },

    async delete(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("record")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("record").where("owner_id", "=", ownerId).execute();
    },
  };
}
