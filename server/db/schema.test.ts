import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";

/*
 * server/db/schema.ts is written by hand, for readable types (unions, JSON notes, better-auth's
 * values per database). This keeps it true: the migrated database is read back (Kysely's
 * introspection), written out as a type, and the TypeScript compiler checks that both name the
 * same tables and columns, and agree on which columns may be null. A migration without its
 * schema change, or a schema change without its migration, fails here on either database.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, "../..");
const tsc = path.join(repoRoot, "node_modules/.bin/tsc");

/** Tables only migrations touch (the ledger of Kysely's migrator and app_meta). */
const NOT_IN_SCHEMA = new Set(["app_meta", "kysely_migration", "kysely_migration_lock"]);

type Column = { name: string; nullable: boolean };

/**
 * The check, as TypeScript: one line per column the database has, one per table for the columns
 * only schema.ts has, one for the tables only schema.ts has. Each line that fails names what
 * differs in its error ("account.scope: in the database, not in schema.ts").
 */
function checkFile(tables: Map<string, Column[]>, folder: string): string {
  const schema = path.relative(folder, path.join(repoRoot, "server/db/schema.ts"));
  const union = (names: string[]) => names.map((name) => JSON.stringify(name)).join(" | ") || "never";
  const lines: string[] = [];
  for (const [table, columns] of tables) {
    for (const column of columns)
      lines.push(
        `export const c${lines.length}: Column<${JSON.stringify(table)}, ${JSON.stringify(column.name)}, ${column.nullable}> = true;`,
      );
    lines.push(
      `export const c${lines.length}: OnlyInSchema<${JSON.stringify(table)}, ${union(columns.map((column) => column.name))}> = true;`,
    );
  }
  lines.push(`export const tables: Tables<${union([...tables.keys()])}> = true;`);
  return `import type { Selectable } from "kysely";
import type { DB } from ${JSON.stringify(schema)};

type Row<T extends keyof DB> = Selectable<DB[T]>;
type Column<T extends string, C extends string, Nullable extends boolean> = T extends keyof DB
  ? C extends keyof Row<T>
    ? (null extends Row<T>[C] ? true : false) extends Nullable
      ? true
      : \`\${T}.\${C}: null \${Nullable extends true ? "allowed" : "refused"} by the database, not by schema.ts\`
    : \`\${T}.\${C}: in the database, not in schema.ts\`
  : \`table \${T}: in the database, not in schema.ts\`;
type OnlyInSchema<T extends string, Known extends string> = T extends keyof DB
  ? [Exclude<keyof Row<T>, Known>] extends [never]
    ? true
    : \`\${T}.\${Exclude<keyof Row<T>, Known> & string}: in schema.ts, not in the database\`
  : true;
type Tables<Known extends string> = [Exclude<keyof DB, Known>] extends [never]
  ? true
  : \`table \${Exclude<keyof DB, Known> & string}: in schema.ts, not in the database\`;

${lines.join("\n")}
`;
}

/**
 * SQLite lets a primary key other than an INTEGER one hold null unless declared NOT NULL, and
 * reports it nullable; every row's key is set by the app, as schema.ts says. PostgreSQL's keys
 * are not null already.
 */
async function primaryKeyOnSqlite(database: TestDatabase, table: string): Promise<Set<string>> {
  if (database.dialect !== "sqlite") return new Set();
  const { rows } = await sql<{
    name: string;
    pk: number;
  }>`select name, pk from pragma_table_info(${table})`.execute(database.db);
  return new Set(rows.filter((row) => row.pk > 0).map((row) => row.name));
}

describe.each(testDialects())("server/db/schema.ts against the migrated database on %s", (dialect) => {
  it("names the same tables and columns, with the same nullability", async () => {
    const database = await createTestDatabase(dialect);
    // Inside the project, so the check resolves kysely and reads as an ES module like the rest.
    await mkdir(path.join(repoRoot, "node_modules/.cache"), { recursive: true });
    const folder = await mkdtemp(path.join(repoRoot, "node_modules/.cache/schema-check-"));
    try {
      const tables = new Map<string, Column[]>();
      for (const table of await database.db.introspection.getTables()) {
        if (NOT_IN_SCHEMA.has(table.name)) continue;
        const keys = await primaryKeyOnSqlite(database, table.name);
        tables.set(
          table.name,
          table.columns.map((column) => ({
            name: column.name,
            nullable: column.isNullable && !keys.has(column.name),
          })),
        );
      }
      expect(tables.size).toBeGreaterThan(30);
      await writeFile(path.join(folder, "check.ts"), checkFile(tables, folder));
      await writeFile(
        path.join(folder, "tsconfig.json"),
        JSON.stringify({
          extends: path.join(repoRoot, "tsconfig.json"),
          compilerOptions: { types: [], noEmit: true, noErrorTruncation: true },
          include: ["check.ts"],
        }),
      );
      const checked = await run(tsc, ["-p", folder], { cwd: repoRoot }).then(
        () => "",
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(checked).toBe("");
    } finally {
      await rm(folder, { recursive: true, force: true });
      await database.close();
    }
  }, 60_000);
});
