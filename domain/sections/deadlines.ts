/**
 * The date a record runs out or is due for review, as its page and its card announce it ("Expires
 * in 54 days", "Review due in 18 days"): a watched date of the catalog's expiry or review kind,
 * announced from its first reminder's lead on.
 */
import { leadDaysOf } from "./index.ts";
import type { CategoryDef } from "./types.ts";

const DAY_MS = 86_400_000;

/** The catalog names its watched dates alike in every category: these two are deadlines. */
const DEADLINE_KINDS: Readonly<Record<string, Deadline["kind"]>> = {
  expiryDate: "expires",
  reviewDate: "review",
};

export type Deadline = {
  kind: "expires" | "review";
  /** Whole days from today (UTC) to the date; negative once it has passed. */
  days: number;
};

/** The nearest deadline of a record to announce on `today` (epoch ms), or null. */
export function recordDeadline(
  category: CategoryDef,
  values: Readonly<Record<string, unknown>>,
  today: number,
): Deadline | null {
  const start = Math.floor(today / DAY_MS) * DAY_MS;
  const deadlines = category.fields.flatMap((field): Deadline[] => {
    const kind = DEADLINE_KINDS[field.key];
    const date = values[field.key];
    if (!kind || field.reminder !== true || typeof date !== "number") return [];
    const days = Math.round((Math.floor(date / DAY_MS) * DAY_MS - start) / DAY_MS);
    const lead = Math.max(0, ...leadDaysOf(category, field));
    return days <= lead ? [{ kind, days }] : [];
  });
  return deadlines.sort((a, b) => a.days - b.days)[0] ?? null;
}
