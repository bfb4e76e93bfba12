import type { Kysely } from "kysely";
import { ownedRows } from "../../db/owned-rows.ts";
import type { DB } from "../../db/schema.ts";
import { versionedRows } from "../../db/versioned-rows.ts";

/**
 * Every query on addresses, each filtered by its owner (the shared ones from ownedRows, sorted by
 * nickname). Pass a transaction to run them inside it.
 */
export function addressRepository(db: Kysely<DB>) {
  return {
    ...ownedRows(db, "address", { orderBy: "name_key" }),
    ...versionedRows(db, "address"),

    /** Another of the owner's addresses with this nickname key, if any. */
    findByNameKey(ownerId: string, nameKey: string, exceptId: string | null) {
      return db
        .selectFrom("address")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("name_key", "=", nameKey)
        .$if(exceptId !== null, (query) => query.where("id", "!=", exceptId as string))
        .executeTakeFirst();
    },
  };
}
