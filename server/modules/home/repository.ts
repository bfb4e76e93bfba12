import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Every query on the "I don't have this" marks, each filtered by its owner. */
export function notApplicableRepository(db: Kysely<DB>) {
  return {
    /** The categories the owner marked. */
    async categoriesOf(ownerId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("not_applicable")
        .select("category")
        .where("owner_id", "=", ownerId)
        .execute();
      return new Set(rows.map((row) => row.category));
    },

    /** Marks a category; marking it again changes nothing. */
    async mark(ownerId: string, category: string, now: number): Promise<void> {
      await db
        .insertInto("not_applicable")
        .values({ owner_id: ownerId, category, created_at: now })
        .onConflict((conflict) => conflict.columns(["owner_id", "category"]).doNothing())
        .execute();
    },

    async unmark(ownerId: string, category: string): Promise<void> {
      await db
        .deleteFrom("not_applicable")
        .where("owner_id", "=", ownerId)
        .where("category", "=", category)
        .execute();
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("not_applicable").where("owner_id", "=", ownerId).execute();
    },
  };
}
