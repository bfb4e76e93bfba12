import type { Kysely } from "kysely";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import {
  categoryDef,
  fieldDef,
  isCategoryKey,
  leadDaysOf,
  listColumns,
  reminderFields,
} from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, RecordTable } from "../../db/schema.ts";
import { findReferenced, openRecordBody, type ReferencedRows, referenceCell } from "../records/index.ts";

export const DAY_MS = 86_400_000;
/** Overdue items stay on the list this long, then the person has surely seen them. */
const OVERDUE_DAYS = 30;

/** Whole UTC days between two instants' calendar dates. */
function daysBetween(from: number, to: number): number {
  return Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);
}

function nameOf(
  category: CategoryDef,
  body: RecordBody,
  found: ReferencedRows,
): { holder: string | null; title: string | null } {
  let holder: string | null = null;
  let title: string | null = null;
  for (const field of listColumns(category)) {
    const value = body[field.key];
    let text: string | null = null;
    if (field.type === "personRef" || field.type === "addressRef" || field.type === "institutionRef") {
      const cell = referenceCell(field, value, found);
      text = cell !== null && !Array.isArray(cell) ? cell.name : null;
      if (field.key === "holder") holder = text;
    } else if (field.type === "text" && typeof value === "string" && value !== "") {
      text = value;
    }
    if (title === null && text !== null) title = text;
  }
  return { holder, title: holder ?? title };
}

/**
 * The reminders of one record body: each `date R` field holding a date, with its lead times.
 * Pure but for the names, which the caller looked up.
 */
export function remindersOf(
  row: Pick<RecordTable, "id" | "category">,
  body: RecordBody,
  found: ReferencedRows,
  now: number,
): Reminder[] {
  if (!isCategoryKey(row.category)) return [];
  const category = categoryDef(row.category);
  const names = nameOf(category, body, found);
  return reminderFields(category).flatMap((field) => {
    const date = body[field.key];
    if (typeof date !== "number" || !Number.isFinite(date)) return [];
    return [
      {
        recordId: row.id,
        module: category.module,
        category: category.key,
        field: field.key,
        date,
        daysLeft: daysBetween(now, date),
        holderName: names.holder,
        title: names.title,
      },
    ];
  });
}

/** The largest lead time of a reminder field: how far ahead the dashboard looks. */
function maxLeadDays(category: string, field: string): number {
  const def = isCategoryKey(category) ? fieldDef(category, field) : undefined;
  if (def === undefined || !isCategoryKey(category)) return 0;
  return Math.max(0, ...leadDaysOf(category, def));
}

/**
 * The owner's reminders due within their field's largest lead time, or overdue by at most
 * OVERDUE_DAYS, soonest first. One query (records with a reminder date), then each body decrypted.
 */
export async function upcomingReminders(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  ownerId: string,
  now: number,
): Promise<Reminder[]> {
  const rows = await db
    .selectFrom("record")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .where("reminder_date", "is not", null)
    .execute();
  const bodies = await Promise.all(rows.map((row) => openRecordBody(dataKeys, row)));
  const columns = rows.flatMap((row) => (isCategoryKey(row.category) ? listColumns(row.category) : []));
  const found = await findReferenced(db, dataKeys, ownerId, columns, bodies);
  return rows
    .flatMap((row, index) => remindersOf(row, bodies[index] ?? {}, found, now))
    .filter(
      (item) => item.daysLeft >= -OVERDUE_DAYS && item.daysLeft <= maxLeadDays(item.category, item.field),
    )
    .sort((a, b) => a.date - b.date || a.recordId.localeCompare(b.recordId));
}
