import { type Kysely, sql } from "kysely";
import type { Charity, ChosenCharity, DonationChoice } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/** Charities offered per search: the dialog shows a short list that narrows as the reader types. */
const SEARCH_LIMIT = 20;

/** LIKE's own wildcards in the reader's text match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The charity an account chose, archived or not (the choice stands until the account changes it). */
export async function chosenCharity(db: Kysely<DB>, userId: string): Promise<ChosenCharity | null> {
  const row = await db
    .selectFrom("donation_choice")
    .innerJoin("charity", "charity.id", "donation_choice.charity_id")
    .select(["charity.id", "charity.full_name"])
    .where("donation_choice.user_id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? null : { id: row.id, name: row.full_name };
}

/**
 * The spec's donation: an account picks a charity (the spec's "company for donation") that part of
 * its subscription goes to. Charities are managed by admins (server/modules/admin).
 */
export function createDonationService(database: Database) {
  const db = database.db;
  return {
    async search(text: string): Promise<Charity[]> {
      let query = db
        .selectFrom("charity")
        .select(["id", "full_name"])
        .where("archived_at", "is", null)
        .orderBy("full_name")
        .limit(SEARCH_LIMIT);
      const wanted = text.trim();
      if (wanted !== "") {
        // ESCAPE names the backslash for SQLite, which has no default escape character.
        query = query.where(sql<boolean>`lower(full_name) like ${likePattern(wanted)} escape '\\'`);
      }
      const rows = await query.execute();
      return rows.map((row) => ({ companyId: row.id, fullName: row.full_name }));
    },

    async current(actor: Actor): Promise<DonationChoice> {
      return { charity: await chosenCharity(db, actor.userId) };
    },

    async clear(actor: Actor): Promise<DonationChoice> {
      await db.deleteFrom("donation_choice").where("user_id", "=", actor.userId).execute();
      return { charity: null };
    },

    async choose(actor: Actor, companyId: string): Promise<{ companyId: string }> {
      const charity = await db
        .selectFrom("charity")
        .select("id")
        .where("id", "=", companyId)
        .where("archived_at", "is", null)
        .executeTakeFirst();
      if (charity === undefined) {
        throw new AppError("validation_failed", {
          fields: { companyId: "errors:billing.charity_not_found" },
        });
      }
      const now = Date.now();
      await db
        .insertInto("donation_choice")
        .values({ user_id: actor.userId, charity_id: charity.id, chosen_at: now })
        .onConflict((conflict) =>
          conflict.column("user_id").doUpdateSet({ charity_id: charity.id, chosen_at: now }),
        )
        .execute();
      return { companyId: charity.id };
    },
  };
}
