/**
 * The tables Kysely knows, one interface per table, added by the issue that creates the table in a
 * migration. app_meta is left out on purpose: only migrations touch it.
 */
// biome-ignore lint/complexity/noBannedTypes: tables are added issue by issue; none is queried yet.
export type DB = {};
