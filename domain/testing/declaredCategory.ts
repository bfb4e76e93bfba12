/**
 * A record category that CATALOG.md does not have, for the test that shows a category is added by
 * its declaration alone (domain/sections/README.md): a test appends it to its module's list with
 * `vi.mock` and finds it in the menu, the router, the API, the nominee view and the reminders.
 */
import { defineCategory } from "../sections/define.ts";
import type { CategoryDef } from "../sections/types.ts";

export const BOAT = defineCategory(
  "household",
  "boat",
  [
    { key: "holder", type: "personRef", required: true, listColumn: 1 },
    { key: "name", type: "text", required: true, listColumn: 2 },
    { key: "registrationExpiry", type: "date", listColumn: 3, reminder: true },
  ],
  { reminders: "renewal" },
);

/** The household module's declarations with the boat at the end: a `vi.mock` factory's answer. */
export function withBoat<M extends { HOUSEHOLD_CATEGORIES: readonly CategoryDef[] }>(household: M): M {
  return { ...household, HOUSEHOLD_CATEGORIES: [...household.HOUSEHOLD_CATEGORIES, BOAT] };
}
