import { type Expression, type RawBuilder, sql } from "kysely";

/*
 * Searching text typed in a search box, alike on SQLite and PostgreSQL: the wildcards typed are
 * taken literally, escaped with a backslash named in the ESCAPE clause (SQLite has no default).
 */

function literal(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The column, lowercased, contains the text typed, in any case. */
export function containsText(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${`%${literal(text.toLowerCase())}%`} escape '\\'`;
}

/** The column begins with the text typed, as typed. */
export function startsWithText(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${`${literal(text)}%`} escape '\\'`;
}
