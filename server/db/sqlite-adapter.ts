import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Enough for every distinct query the app issues; the oldest unused statement goes first. */
const STATEMENT_CACHE_SIZE = 500;

/** node:sqlite refuses booleans; SQLite stores them as 0 and 1 anyway. */
function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => (typeof value === "boolean" ? Number(value) : (value as SQLInputValue)));
}

function wrap(statement: StatementSync, wrote: () => void): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...bind(parameters));
      wrote();
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

/**
 * Presents a node:sqlite database as the SqliteDatabase Kysely's own SqliteDialect drives.
 * Preparing a statement costs more than running a simple one, and Kysely prepares on every
 * query, so statements are cached by SQL text.
 * `wrote` is told of every statement run for its effect (wal-checkpoints.ts counts them).
 */
export function sqliteAdapter(database: DatabaseSync, wrote: () => void = () => {}): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Re-inserting moves it to the end: the Map's order is the least-recently-used order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = wrap(database.prepare(sql), wrote);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
