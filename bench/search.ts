/**
 * Search figures: GET /api/search on a file of 10,000 records, measured in-process with app.inject
 * on the real app (the network and the client are not counted), on SQLite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL too. The records
 * are written straight into the table (encrypted as the records module does) and indexed by the
 * index's start-up build, which is timed as well. Run alone: `node bench/search.ts`.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { categoryDef } from "../domain/sections/index.ts";
import { createDataKeys } from "../server/crypto/data-keys.ts";
import { loadMasterKeyring } from "../server/crypto/master-keys.ts";
import type { Dialect } from "../server/db/database.ts";
import type { RecordTable } from "../server/db/schema.ts";
import { bodyAad } from "../server/modules/records/reader.ts";
import { searchIndexHandlers } from "../server/modules/search/index-build.ts";
import { createSignedInUser, request } from "../server/testing/identity.ts";
import { sampleRecord, sampleRefsOf } from "../server/testing/record-samples.ts";
import { buildTestApp } from "../server/testing/test-app.ts";
import { BUDGETS } from "./budgets.ts";
import { summarise, type Timing } from "./upload.ts";

export type SearchFigures = {
  database: Dialect;
  records: number;
  /** The start-up build of the whole index, once. */
  buildMs: number;
  terms: number;
  queries: { q: string; results: number; timing: Timing }[];
  /** Every query's runs together: the budgeted figure. */
  all: Timing;
};

const RECORDS = Number(process.env.BENCH_SEARCH_RECORDS ?? 10_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 50);
const WARM_UP = 5;
const INSERT_BATCH = 500;
const QUIET = { warn() {}, error() {} };

/** Words records are made of: a few rare, most common, as a family's file has them. */
const GIVEN = ["Marie", "Jean", "Éric", "Sophie", "Louis", "Chloé", "Nathan", "Léa", "Hugo", "Emma"];
const FAMILY = [
  "Tremblay",
  "Gagnon",
  "Roy",
  "Côté",
  "Bouchard",
  "Gauthier",
  "Morin",
  "Lavoie",
  "Fortin",
  "Gagné",
];
const PLACES = [
  "Montréal",
  "Québec",
  "Laval",
  "Gatineau",
  "Sherbrooke",
  "Lévis",
  "Trois-Rivières",
  "Saguenay",
];
const SITES = [
  "bank",
  "mail",
  "hydro",
  "telecom",
  "insurance",
  "pharmacy",
  "school",
  "library",
  "gym",
  "airline",
];

/** The categories the records are spread over, with the text fields each fills. */
const SPREAD = [
  { key: "passport", text: (i: number) => ({ nameOnDocument: nameOf(i), locationDetails: placeOf(i) }) },
  { key: "password", text: (i: number) => ({ accountNickname: `${siteOf(i)} ${i}`, username: userOf(i) }) },
  { key: "socialmedia", text: (i: number) => ({ username: userOf(i) }) },
  { key: "keylock", text: (i: number) => ({ use: `${placeOf(i)} door ${i}` }) },
] as const;

/** A fixed pseudo-random choice (the same file every run), so words combine freely across records. */
function pick<T>(list: readonly T[], i: number, salt: number): T {
  const mixed = Math.abs(Math.imul((i + 1) * 31 + salt * 7_919, 2_654_435_761));
  return list[Math.floor(mixed / 65_536) % list.length] as T;
}
const nameOf = (i: number) => `${pick(GIVEN, i, 1)} ${pick(FAMILY, i, 2)}`;
const placeOf = (i: number) => pick(PLACES, i, 3);
const siteOf = (i: number) => pick(SITES, i, 4);
const userOf = (i: number) => `${pick(GIVEN, i, 5).toLowerCase()}.${pick(FAMILY, i, 6).toLowerCase()}${i}`;

/** A rare word, a common prefix (capped at a page), two words, an accent-folded name, a category's label. */
const QUERIES = [
  "gatineau 77",
  "ma",
  "eric tremblay",
  "levis",
  "passeport",
  `door ${Math.floor(RECORDS / 8) * 4 + 3}`,
];

async function measureOn(database: Dialect): Promise<SearchFigures> {
  const test = await buildTestApp(database);
  try {
    const owner = await createSignedInUser(test);
    const dataKeys = createDataKeys({
      db: test.database.db,
      masterKeys: loadMasterKeyring({ config: test.config, logger: QUIET }),
    });
    const refs = sampleRefsOf(test, owner);
    const samples = await Promise.all(SPREAD.map(async ({ key }) => sampleRecord(categoryDef(key), refs)));
    const now = Date.now();
    for (let start = 0; start < RECORDS; start += INSERT_BATCH) {
      const rows: RecordTable[] = [];
      for (let i = start; i < Math.min(RECORDS, start + INSERT_BATCH); i += 1) {
        const spread = SPREAD[i % SPREAD.length];
        const sample = samples[i % SPREAD.length];
        if (spread === undefined || sample === undefined) continue;
        const category = categoryDef(spread.key);
        const id = randomUUID();
        const body = { ...sample, ...spread.text(i) };
        rows.push({
          id,
          owner_id: owner.id,
          module: category.module,
          category: category.key,
          body_enc: await dataKeys.encryptFor(owner.id, JSON.stringify(body), bodyAad(id, category.key)),
          reminder_date: null,
          created_at: now,
          updated_at: now,
          version: 1,
          updated_by: owner.id,
        });
      }
      await test.database.db.insertInto("record").values(rows).execute();
    }

    const build = searchIndexHandlers({ database: test.database, dataKeys })["search.build-index"];
    const buildStarted = performance.now();
    await build(
      {},
      { jobId: "bench", kind: "search.build-index", attempt: 1, maxAttempts: 1, isLastAttempt: true },
    );
    const buildMs = Math.round(performance.now() - buildStarted);
    const terms = await test.database.db
      .selectFrom("search_term")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const all: number[] = [];
    const queries: SearchFigures["queries"] = [];
    for (const q of QUERIES) {
      const samplesMs: number[] = [];
      let results = 0;
      for (let run = 0; run < WARM_UP + RUNS; run += 1) {
        const started = performance.now();
        const response = await request(test, {
          method: "GET",
          url: `/api/search?q=${encodeURIComponent(q)}`,
          cookie: owner.cookie,
        });
        const ms = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`search answered ${response.statusCode}: ${response.body}`);
        results = (response.json() as { results: unknown[] }).results.length;
        if (run >= WARM_UP) samplesMs.push(ms);
      }
      all.push(...samplesMs);
      queries.push({ q, results, timing: summarise(samplesMs) });
    }
    return { database, records: RECORDS, buildMs, terms: Number(terms.n), queries, all: summarise(all) };
  } finally {
    await test.close();
  }
}

export async function measureSearch(): Promise<SearchFigures[]> {
  const figures = [await measureOn("sqlite")];
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    // The test database helpers read TEST_DATABASE_URL: each run gets its own scratch schema there.
    process.env.TEST_DATABASE_URL = postgresUrl;
    figures.push(await measureOn("postgres"));
  }
  return figures;
}

/** Prints the figures; `check(ok, message)` says "ok" or "OVER BUDGET" and remembers what is over. */
export function printSearch(
  figures: readonly SearchFigures[],
  check: (ok: boolean, message: string) => string,
) {
  for (const figure of figures) {
    console.log(
      `\nSearch on ${figure.database}: ${figure.records} records, index built in ${figure.buildMs} ms (${figure.terms} terms); GET /api/search in-process, ${figure.all.runs} runs`,
    );
    for (const { q, results, timing } of figure.queries) {
      console.log(
        `  ${JSON.stringify(q).padEnd(24)} ${String(results).padStart(3)} results  median ${String(timing.medianMs).padStart(5)} ms  p95 ${String(timing.p95Ms).padStart(5)} ms`,
      );
    }
    const verdict = check(
      figure.all.p95Ms < BUDGETS.searchP95Ms,
      `search p95 ${figure.all.p95Ms} ms on ${figure.database}`,
    );
    console.log(
      `  all queries                        median ${figure.all.medianMs} ms  p95 ${figure.all.p95Ms} ms  budget p95 < ${BUDGETS.searchP95Ms} ms ${verdict}`,
    );
  }
}

/** `node bench/search.ts`: this part alone. */
if (import.meta.main) {
  let over = false;
  printSearch(await measureSearch(), (ok) => {
    over ||= !ok;
    return ok ? "ok" : "OVER BUDGET";
  });
  process.exit(over ? 1 : 0);
}
