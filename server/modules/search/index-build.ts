import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import { createSearchIndexer } from "./indexer.ts";
import { searchSources } from "./sources.ts";

/** The job takes no arguments: it walks every account. */
export type SearchIndexJobs = { "search.build-index": Record<string, never> };

/**
 * Once per database and index version: a change of what is indexed or how words are read
 * (words.ts, the sources) bumps the version, and the next start indexes what is missing.
 */
export const SEARCH_INDEX_KEY = "search.build-index:1";

/** Accounts read per query: bounded memory on large databases. */
const BATCH = 200;

/**
 * Schedules the build (at start-up): a durable job, so it runs once even with several servers
 * starting together, and again after a crash halfway (what was indexed stays indexed).
 */
export async function scheduleSearchIndexBuild(jobs: JobQueue<SearchIndexJobs>): Promise<void> {
  await jobs.enqueue("search.build-index", {}, { uniqueKey: SEARCH_INDEX_KEY });
}

/**
 * The `search.build-index` handler: indexes, account by account, every row that has no terms yet
 * (rows saved since the index existed were indexed by their save). Idempotent: a second run adds
 * nothing.
 */
export function searchIndexHandlers(options: {
  database: Database;
  dataKeys: DataKeys;
}): JobHandlers<SearchIndexJobs> {
  const { database, dataKeys } = options;
  const indexer = createSearchIndexer({
    db: database.db,
    dialect: database.dialect,
    dataKeys,
    sources: searchSources,
  });
  return {
    async "search.build-index"() {
      let after = "";
      for (;;) {
        // Every account may own rows: the identity table is the one list of them.
        const accounts = await database.db
          .selectFrom("user")
          .select("id")
          .where("id", ">", after)
          .orderBy("id")
          .limit(BATCH)
          .execute();
        for (const { id } of accounts) await indexer.build(id);
        const last = accounts.at(-1);
        if (last === undefined || accounts.length < BATCH) break;
        after = last.id;
      }
    },
  };
}
