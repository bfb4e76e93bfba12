import { createDataKeys } from "../crypto/data-keys.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { JobContext } from "../jobs/runner.ts";
import { searchIndexHandlers } from "../modules/search/index-build.ts";
import type { TestApp } from "./test-app.ts";

/** Runs the search index's build as the start-up job runs it, over every account of the test app. */
export async function buildSearchIndex(test: TestApp): Promise<void> {
  const dataKeys = createDataKeys({
    db: test.database.db,
    masterKeys: loadMasterKeyring({ config: test.config, logger: { warn() {} } }),
  });
  const build = searchIndexHandlers({ database: test.database, dataKeys })["search.build-index"];
  const context: JobContext = {
    jobId: "build",
    kind: "search.build-index",
    attempt: 1,
    maxAttempts: 1,
    isLastAttempt: true,
  };
  await build({}, context);
}
