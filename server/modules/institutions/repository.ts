import type { Kysely } from "kysely";
import type { DB, InstitutionTable } from "../../db/schema.ts";

/** Every query on institutions, each filtered by its owner. Pass a transaction to run them inside it. */
export function institutionRepository(db: Kysely<DB>) {
  return {
    list(ownerId: string): Promise<InstitutionTable[]> {
      return db
        .selectFrom("institution")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    find(ownerId: string, id: string): Promise<InstitutionTable | undefined> {
      return db
        .selectFrom("institution")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    async insert(row: InstitutionTable): Promise<void> {
      await db.insertInto("institution").values(row).execute();
    },

    async update(
      ownerId: string,
      id: string,
      changes: Omit<InstitutionTable, "id" | "owner_id" | "created_at">,
    ): Promise<boolean> {
      const result = await db
        .updateTable("institution")
        .set(changes)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(ownerId: string, id: string): Promise<void> {
      await db.deleteFrom("institution").where("owner_id", "=", ownerId).where("id", "=", id).execute();
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

    async deleteAllOf(ownerId: string): Promise<void> {
      await db.deleteFrom("institution").where("owner_id", "=", ownerId).execute();
    },
  };
}
