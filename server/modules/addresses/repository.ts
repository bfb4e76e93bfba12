import type { Kysely } from "kysely";
import type { AddressTable, DB } from "../../db/schema.ts";

/** Every query on addresses, each filtered by its owner. Pass a transaction to run them inside it. */
export function addressRepository(db: Kysely<DB>) {
  return {
    list(ownerId: string): Promise<AddressTable[]> {
      return db
        .selectFrom("address")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("name_key")
        .orderBy("id")
        .execute();
    },

    find(ownerId: string, id: string): Promise<AddressTable | undefined> {
      return db
        .selectFrom("address")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

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

    async insert(row: AddressTable): Promise<void> {
      await db.insertInto("address").values(row).execute();
    },

    async update(
      ownerId: string,
      id: string,
      changes: Omit<AddressTable, "id" | "owner_id" | "created_at">,
    ): Promise<boolean> {
      const result = await db
        .updateTable("address")
        .set(changes)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(ownerId: string, id: string): Promise<void> {
      await db.deleteFrom("address").where("owner_id", "=", ownerId).where("id", "=", id).execute();
    },

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("address").where("owner_id", "=", ownerId).execute();
    },
  };
}
