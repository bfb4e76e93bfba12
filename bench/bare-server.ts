/**
 * The yardstick: a bare Fastify route answering what Kinfile's record list
 * (GET /api/records/{module}/{category}) answers, from memory, with no plugins, no hooks, no
 * session check and no Kysely. Its first request of a list reads and decrypts it the way Kinfile
 * does (the same SQL through the database driver, the same decryption of each body with the
 * account's data key, the same list columns, the same JSON); every later one sends those bytes
 * again. So the throughput ratio weighs what Kinfile adds on top of the framework: the session
 * check, the access rule and its own list cache (DESIGN.md). It serves one account, named by
 * BENCH_EMAIL, whose data key it unwraps once at start. Started by bench/api.ts on a port it gives,
 * on the SQLite file (BENCH_DB) or the PostgreSQL database (BENCH_DATABASE_URL) the real server uses.
 */
import { createSecretKey } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import Fastify from "fastify";
import pg from "pg";
import {
  categoryDef,
  isCategoryKey,
  listColumns,
  referenceFields,
  secretFields,
} from "../domain/sections/index.ts";
import type { RecordBody } from "../domain/sections/schema.ts";
import { unwrapDataKey } from "../server/crypto/data-keys.ts";
import { open } from "../server/crypto/envelope.ts";
import { masterKeyId, parseMasterKey } from "../server/crypto/master-key-text.ts";
import { listCells } from "../server/modules/records/body.ts";

type Row = Record<string, unknown>;
type Query = (sql: string, params: unknown[]) => Promise<Row[]>;

const PG_INT8 = 20;

function connect(): Query {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return async (text, params) => {
      // Numbered placeholders, as Kysely's PostgreSQL dialect writes them.
      let index = 0;
      const numbered = text.replace(/\?/g, () => `$${++index}`);
      return (await pool.query({ text: numbered, values: params })).rows as Row[];
    };
  }
  const database = new DatabaseSync(process.env.BENCH_DB ?? ":memory:", { readOnly: true });
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  return async (text, params) => {
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = database.prepare(text);
      statements.set(text, statement);
    }
    return statement.all(...(params as string[])) as Row[];
  };
}

const query = connect();
const masterKey = parseMasterKey(process.env.BENCH_MASTER_KEY ?? "");
if (masterKey === undefined) throw new Error("BENCH_MASTER_KEY must hold the server's master key");
const [user] = await query('select id from "user" where email = ?', [process.env.BENCH_EMAIL]);
const userId = String(user?.id);
const [wrapped] = await query("select wrapped_key from account_key where user_id = ?", [userId]);
if (wrapped === undefined) throw new Error(`no data key for ${process.env.BENCH_EMAIL}`);
// A KeyObject, as Kinfile's data-key cache holds it.
const dataKey = createSecretKey(
  unwrapDataKey({ id: masterKeyId(masterKey), key: masterKey }, userId, wrapped.wrapped_key as Uint8Array),
);

const LIST_SQL =
  'select * from "record" where "owner_id" = ? and "module" = ? and "category" = ? order by "created_at", "id"';

/** The list's JSON as Kinfile writes it, read from the database and decrypted. */
async function listJson(module: string, key: string): Promise<string | undefined> {
  if (!isCategoryKey(key) || categoryDef(key).module !== module) return undefined;
  const category = categoryDef(key);
  const columns = listColumns(category);
  if (columns.some((column) => referenceFields(category).includes(column))) {
    throw new Error("the bare route lists categories without reference columns only");
  }
  const secret = new Set(secretFields(category).map((field) => field.key));
  const rows = await query(LIST_SQL, [userId, category.module, category.key]);
  return JSON.stringify(
    rows.map((row) => {
      // The associated data Kinfile binds a record body to (records/service.ts bodyAad, under DataKeys).
      const plain = open(dataKey, row.body_enc as Uint8Array, [userId, `record:${row.id}:${row.category}`]);
      const body = JSON.parse(plain.toString("utf8")) as RecordBody;
      return {
        id: row.id,
        category: row.category,
        createTime: Number(row.created_at),
        updateTime: Number(row.updated_at),
        columns: listCells(columns, secret, body, (_column, value) => value),
      };
    }),
  );
}

const served = new Map<string, string | undefined>();
const app = Fastify({ logger: false });
app.get<{ Params: { module: string; category: string } }>(
  "/api/records/:module/:category",
  async (request, reply) => {
    const { module, category } = request.params;
    const path = `${module}/${category}`;
    if (!served.has(path)) served.set(path, await listJson(module, category));
    const json = served.get(path);
    if (json === undefined) return reply.code(404).send();
    return reply.type("application/json; charset=utf-8").send(json);
  },
);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
