import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { CodeRow } from "./codes.ts";
import type { ProductRow } from "./products.ts";

/** Rows listed per admin table: the newest first. */
const LIST_LIMIT = 1_000;

/**
 * What platform admins change of the catalog (server/modules/admin): products, codes and
 * charities, with how many accounts chose each charity. Pass a transaction to run them inside it.
 */
export function catalogRepository(db: Kysely<DB>) {
  /** How many accounts chose a charity; PostgreSQL answers a count as a bigint string. */
  async function choosers(charityId: string): Promise<number> {
    const chosen = await db
      .selectFrom("donation_choice")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("charity_id", "=", charityId)
      .executeTakeFirstOrThrow();
    return Number(chosen.count);
  }

  return {
    products(): Promise<ProductRow[]> {
      return db.selectFrom("product").selectAll().orderBy("created_at", "desc").limit(LIST_LIMIT).execute();
    },

    product(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
    },

    insertProduct(row: ProductRow): Promise<unknown> {
      return db.insertInto("product").values(row).execute();
    },

    /** A product is never deleted: subscriptions keep pointing at it. */
    archiveProduct(id: string, now: number): Promise<unknown> {
      return db.updateTable("product").set({ archived_at: now }).where("id", "=", id).execute();
    },

    codes(): Promise<CodeRow[]> {
      return db
        .selectFrom("billing_code")
        .selectAll()
        .orderBy("created_at", "desc")
        .limit(LIST_LIMIT)
        .execute();
    },

    code(id: string): Promise<CodeRow | undefined> {
      return db.selectFrom("billing_code").selectAll().where("id", "=", id).executeTakeFirst();
    },

    insertCodes(rows: CodeRow[]): Promise<unknown> {
      return db.insertInto("billing_code").values(rows).execute();
    },

    archiveCode(id: string, now: number): Promise<unknown> {
      return db.updateTable("billing_code").set({ archived_at: now }).where("id", "=", id).execute();
    },

    /** Every charity by name, with how many accounts chose it. */
    async charities() {
      const rows = await db
        .selectFrom("charity")
        .selectAll("charity")
        .select((eb) =>
          eb
            .selectFrom("donation_choice")
            .select(eb.fn.countAll<number | string>().as("chosen"))
            .whereRef("donation_choice.charity_id", "=", "charity.id")
            .as("chosen_by"),
        )
        .orderBy("full_name")
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((row) => ({ ...row, chosen_by: Number(row.chosen_by ?? 0) }));
    },

    charity(id: string) {
      return db.selectFrom("charity").selectAll().where("id", "=", id).executeTakeFirst();
    },

    insertCharity(row: {
      id: string;
      full_name: string;
      archived_at: null;
      created_at: number;
    }): Promise<unknown> {
      return db.insertInto("charity").values(row).execute();
    },

    archiveCharity(id: string, now: number): Promise<unknown> {
      return db.updateTable("charity").set({ archived_at: now }).where("id", "=", id).execute();
    },

    choosers,
  };
}
