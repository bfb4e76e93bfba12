/** better-auth's dates: ISO text on SQLite, Date on PostgreSQL. Epoch ms, or null when absent. */
export function authDate(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/** better-auth's booleans: 0/1 on SQLite, boolean on PostgreSQL. */
export function authBoolean(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

/** Whether better-auth's ban holds at `now`: until its end, or for good when it has none. */
export function banHolds(banned: boolean, banExpires: number | null, now: number): boolean {
  return banned && (banExpires === null || banExpires > now);
}
