/** Epoch ms (UTC midnight) as "YYYY-MM-DD", the date picker's value. */
export function isoDateOf(epochMs: number | null): string {
  if (epochMs === null) return "";
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" as epoch ms at UTC midnight (the API's calendar dates), or null. */
export function epochMsOf(isoDate: string): number | null {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const epochMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(epochMs) ? null : epochMs;
}
