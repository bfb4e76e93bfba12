import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { statusOf } from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";

/** Statuses a nominee reaches only after accepting the invitation. */
const ACCEPTED = new Set(["accepted", "requested", "released"]);

/**
 * The sharing module's face for the home screen: how many nominees the owner named, how many
 * accepted (or went further), how many have the file released to them.
 */
export async function nomineeCounts(
  db: Kysely<DB>,
  ownerId: string,
  now: number,
): Promise<{ total: number; accepted: number; released: number }> {
  const statuses = (await nomineeRepository(db).listOwned(ownerId)).map((row) => statusOf(row, now));
  return {
    total: statuses.length,
    accepted: statuses.filter((status) => ACCEPTED.has(status)).length,
    released: statuses.filter((status) => status === "released").length,
  };
}
