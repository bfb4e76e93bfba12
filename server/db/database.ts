import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { type NotifyChannel, postgresChannel } from "./notify-channel.ts";
import type { DB } from "./schema.ts";
import { sqliteAdapter } from "./sqlite-adapter.ts";
import { walCheckpoints } from "./wal-checkpoints.ts";

export type Dialect = "sqlite" | "postgres";

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a channel to the other app servers on this database (notify-channel.ts).
   * SQLite has one app server, which needs none.
   */
  channel?: (name: string) => NotifyChannel;
  /**
   * SQLite only: whether another process (the CLI) committed a write since last asked, which no
   * channel tells; SQLite's data_version moves with every other connection's commit.
   */
  othersWrote?: () => boolean;
};

export type OpenDatabaseOptions = {
  /** A postgres:// address; without it the embedded SQLite file in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: the schema every connection works in (tests use one fresh schema each). */
  searchPath?: string;
};

/** A failure to reach or open the database, with a one-line message an operator can act on. */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}

export const SQLITE_FILE = "kinfile.sqlite";

const PG_INT8 = 20;
/**
 * Connections to PostgreSQL, opened as needed: a save that waits for its commit's fsync holds one,
 * so when the disk is slow a small pool runs out and every read queues behind the writes.
 */
const POOL_MAX = 25;
/** SQLite's page cache, in KiB; it fills only as pages are read. */
const PAGE_CACHE_KIB = 64 * 1024;
const CONNECT_TIMEOUT_MS = 5_000;

function openSqlite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(file);
    // WAL lets readers run beside the writer; NORMAL sync is durable at each checkpoint in WAL mode.
    database.exec(
      "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;",
    );
    // A page cache that holds a busy file's working set: every miss is a read system call, paid on
    // the event loop since node:sqlite is synchronous.
    database.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB};`);
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the SQLite database ${file} (${(error as Error).message}).`);
  }
  // Checkpoints run on a worker thread, not in the commits of this connection (wal-checkpoints.ts).
  const checkpoints = walCheckpoints(file, database);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqliteAdapter(database, checkpoints.wrote) }),
  });
  const dataVersion = database.prepare("PRAGMA data_version");
  let version = dataVersion.get()?.data_version;
  return {
    db,
    dialect: "sqlite",
    othersWrote() {
      const now = dataVersion.get()?.data_version;
      if (now === version) return false;
      version = now;
      return true;
    },
    async close() {
      await db.destroy();
      await checkpoints.close();
    },
  };
}

async function openPostgres(databaseUrl: string, searchPath: string | undefined): Promise<Database> {
  // Loaded only here: a SQLite installation never pays the driver's memory.
  const { default: pg } = await import("pg");
  const connection = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(searchPath === undefined ? {} : { options: `-c search_path=${searchPath}` }),
  };
  const pool = new pg.Pool({
    ...connection,
    max: POOL_MAX,
    // Counts and epoch-millisecond times are int8; they fit a JS number, and the API speaks numbers.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection dropped by the server (a restart, a network cut) must not crash the process: idle
  // ones are the pool's to report, and one in use reports it through its query too, which rejects
  // and answers 503 (server/errors/infrastructure.ts); the pool then drops it and /readyz tells.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    const { hostname, port } = new URL(databaseUrl);
    const reason = (error as Error).message || (error as { code?: string }).code || "no answer";
    throw new DatabaseOpenError(
      `cannot connect to the PostgreSQL database at ${hostname}:${port || 5432} (${reason}); check DATABASE_URL and that the server is running.`,
    );
  }
  return {
    db,
    dialect: "postgres",
    close: () => db.destroy(),
    channel: (name) =>
      postgresChannel({
        name,
        db,
        // Named, so that an operator (or a test) finds the listening connection in pg_stat_activity.
        client: () => new pg.Client({ ...connection, application_name: `kinfile listen ${name}` }),
      }),
  };
}

/** Opens PostgreSQL when databaseUrl is set, else the embedded SQLite file, and checks it answers. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl === undefined
    ? openSqlite(options.dataDir)
    : openPostgres(options.databaseUrl, options.searchPath);
}
