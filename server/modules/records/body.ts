import { MASK } from "../../../domain/secrets.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { FieldDef } from "../../../domain/sections/types.ts";

/**
 * Pure functions over a record body: masking secrets, keeping stored secrets on update, the
 * reminder date. No database, no keys.
 */

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * The body with every secret field that holds a value replaced by MASK, except the revealed ones,
 * and the keys of the fields so masked. Empty secrets stay null: there is nothing to reveal.
 */
export function maskSecrets(
  body: RecordBody,
  secrets: readonly FieldDef[],
  revealed: ReadonlySet<string> = new Set(),
): { body: RecordBody; maskedFields: string[] } {
  const masked: RecordBody = { ...body };
  const maskedFields: string[] = [];
  for (const field of secrets) {
    if (!hasValue(body[field.key])) {
      masked[field.key] = null;
    } else if (!revealed.has(field.key)) {
      masked[field.key] = MASK;
      maskedFields.push(field.key);
    }
  }
  return { body: masked, maskedFields };
}

/**
 * An update's body before validation, with each secret field the client left out or sent back as
 * MASK set to the stored value: a form that never revealed a secret does not wipe it. null or ""
 * clears it; any other value replaces it. Anything but a JSON object is left to validation.
 */
export function keepStoredSecrets(
  incoming: unknown,
  stored: RecordBody,
  secrets: readonly FieldDef[],
): unknown {
  if (incoming === null || typeof incoming !== "object" || Array.isArray(incoming)) return incoming;
  const merged: Record<string, unknown> = { ...(incoming as Record<string, unknown>) };
  for (const field of secrets) {
    const sent = merged[field.key];
    if (sent === undefined || sent === MASK) {
      if (hasValue(stored[field.key])) merged[field.key] = stored[field.key];
      else delete merged[field.key];
    }
  }
  return merged;
}

/**
 * A list row's cells: each list column's value, secrets as MASK (null when empty), references as
 * `reference` renders them (the caller has the referenced rows).
 */
export function listCells(
  columns: readonly FieldDef[],
  secretKeys: ReadonlySet<string>,
  body: RecordBody,
  reference: (column: FieldDef, value: unknown) => unknown,
): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  for (const column of columns) {
    const value = body[column.key] ?? null;
    if (secretKeys.has(column.key)) cells[column.key] = hasValue(value) ? MASK : null;
    else cells[column.key] = reference(column, value);
  }
  return cells;
}

/** The earliest date of the reminder fields (epoch ms), or null: what the reminder job scans. */
export function reminderDate(body: RecordBody, reminders: readonly FieldDef[]): number | null {
  let earliest: number | null = null;
  for (const field of reminders) {
    const value = body[field.key];
    if (typeof value === "number" && Number.isFinite(value) && (earliest === null || value < earliest)) {
      earliest = value;
    }
  }
  return earliest;
}

/** The ids a reference field holds: one id, a list of ids, or none. */
export function idsOf(value: unknown): string[] {
  if (typeof value === "string" && value !== "") return [value];
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === "string" && item !== "");
  return [];
}
