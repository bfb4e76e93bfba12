import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../../testing/test-database.ts";
import { down, up } from "./0020_job_subject.ts";

describe.each(testDialects())("migration 0020, the jobs' subjects, on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("gives the reminder jobs already queued their record as subject, and only the unfinished ones", async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    const job = (id: string, uniqueKey: string, doneAt: number | null) =>
      sql`insert into job (id, kind, payload, run_at, max_attempts, created_at, unique_key, done_at)
          values (${id}, 'reminder.send', '{}', 0, 1, 0, ${uniqueKey}, ${doneAt})`.execute(db);
    await job("pending", "reminder:rec-1:expiry:1700000000000:30", null);
    await job("sent", "reminder:rec-1:expiry:1700000000000:60", 5);
    await job("release", "share:release:nominee-1:1", null);
    await up(db);

    const subjects = await database.db.selectFrom("job").select(["id", "subject"]).orderBy("id").execute();
    expect(subjects).toEqual([
      { id: "pending", subject: "reminder:rec-1" },
      { id: "release", subject: null },
      { id: "sent", subject: null },
    ]);
  });
});
