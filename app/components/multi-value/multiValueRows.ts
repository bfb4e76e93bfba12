import { LIMITS } from "../../../domain/limits.ts";

/**
 * The spec's multi-value rules, apart from any screen: Add only on the last row, only when that
 * row has a value, only while fewer than 5 rows exist; Remove deletes the row when there are
 * several, else clears it; a list always keeps at least one row.
 */

export function canAddAfter<T>(
  rows: readonly T[],
  index: number,
  isEmpty: (row: T) => boolean,
  max: number = LIMITS.multiValueRowsMax,
): boolean {
  const row = rows[index];
  return index === rows.length - 1 && row !== undefined && !isEmpty(row) && rows.length < max;
}

export function addRow<T>(rows: readonly T[], empty: () => T): T[] {
  return [...rows, empty()];
}

export function removeRow<T>(rows: readonly T[], index: number, empty: () => T): T[] {
  if (rows.length <= 1) return [empty()];
  return rows.filter((_, position) => position !== index);
}

/** The rows a form starts from: the saved ones, or one blank row. */
export function atLeastOneRow<T>(rows: readonly T[] | null | undefined, empty: () => T): T[] {
  return rows && rows.length > 0 ? [...rows] : [empty()];
}
