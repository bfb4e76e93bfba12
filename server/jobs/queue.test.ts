import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { deletePendingJobsOf, deletePendingJobsOfStatement, insertJob } from "./queue.ts";

describe.each(testDialects())("a subject's unfinished jobs on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  const job = (uniqueKey: string, subject: string) =>
    insertJob(database.db, {
      kind: "test",
      payload: {},
      runAt: 0,
      maxAttempts: 1,
      uniqueKey,
      subject,
      now: 0,
    });
  const keys = async () =>
    (await database.db.selectFrom("job").select("unique_key").orderBy("unique_key").execute()).map(
      (row) => row.unique_key,
    );

  it("removes the subject's unfinished jobs but the kept ones, the finished ones and other subjects'", async () => {
    await job("a:1", "a");
    await job("a:2", "a");
    await job("a:3", "a");
    const done = await job("a:4", "a");
    await database.db.updateTable("job").set({ done_at: 1 }).where("id", "=", done).execute();
    await job("ab:1", "ab");

    await deletePendingJobsOf(database.db, "a", new Set(["a:2"]));
    expect(await keys()).toEqual(["a:2", "a:4", "ab:1"]);
  });

  // A save removes its record's reminder jobs: a read of every unfinished job of the instance
  // (as the LIKE on unique keys it replaced was) would grow with the number of accounts.
  it.runIf(dialect === "sqlite")("finds them through the index of unfinished jobs' subjects", async () => {
    const query = deletePendingJobsOfStatement(database.db, "a", new Set(["a:2"])).compile();
    const plan = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((row) => row.detail)).toEqual([
      expect.stringMatching(/USING INDEX job_pending_subject \(subject=\?\)/),
    ]);
  });
});
