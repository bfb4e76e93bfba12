import type { Kysely } from "kysely";
import { ownedRows } from "../../db/owned-rows.ts";
import type { DB } from "../../db/schema.ts";
import { versionedRows } from "../../db/versioned-rows.ts";

/**
 * Every query on institutions, each filtered by its owner (the shared ones from ownedRows, oldest
 * first). Pass a transaction to run them inside it.
 */
export function institutionRepository(db: Kysely<DB>) {
  return {
    ...ownedRows(db, "institution", { orderBy: "created_at" }),
    ...versionedRows(db, "institution"),

    /** The address id of each of these institutions of the owner. */
    addressIdsOf(ownerId: string, ids: readonly string[]) {
      return db
        .selectFrom("institution")
        .select(["id", "address_id"])
        .where("owner_id", "=", ownerId)
        .where("id", "in", [...ids])
        .execute();
    },

    usingAddress(ownerId: string, addressId: string) {
      return db
        .selectFrom("institution")
        .select(["id", "name"])
        .where("owner_id", "=", ownerId)
        .where("address_id", "=", addressId)
        .orderBy("created_at")
        .execute();
    },

    async clearAddress(ownerId: string, addressId: string): Promise<void> {
      await db
        .updateTable("institution")
        .set({ address_id: null })
        .where("owner_id", "=", ownerId)
        .where("address_id", "=", addressId)
        .execute();
    },
  };
}
