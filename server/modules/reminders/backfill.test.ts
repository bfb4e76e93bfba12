import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import { createDataKeys } from "../../crypto/data-keys.ts";
import { loadMasterKeyring } from "../../crypto/master-keys.ts";
import { createJobRunner, type JobHandlers, type JobRunner } from "../../jobs/runner.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import {
  REMINDER_BACKFILL_KEY,
  type ReminderBackfillJobs,
  reminderBackfillHandlers,
  scheduleReminderBackfill,
} from "./backfill.ts";
import type { ReminderJobs } from "./schedule.ts";
import { DAY_MS } from "./upcoming.ts";

const PASSPORT = categoryDef("passport");
const PASSPORTS = "/api/records/personaldata/passport";
const QUIET = { warn() {}, error() {} };

type BackfillJobs = ReminderJobs & ReminderBackfillJobs;

describe.each(testDialects())("reminder backfill on %s", (dialect) => {
  // The test app has no reminder scheduler: its records are saved as before the reminders module.
  let test: TestApp;
  let sam: TestUser;
  let handlers: JobHandlers<BackfillJobs>;
  let runner: JobRunner<BackfillJobs>;
  const midnight = (days: number) => Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    sam = await createSignedInUser(test, { name: "Sam Example" });
    const dataKeys = createDataKeys({
      db: test.database.db,
      masterKeys: loadMasterKeyring({ config: test.config, logger: QUIET }),
    });
    handlers = {
      "reminder.send": async () => {},
      ...reminderBackfillHandlers({ database: test.database, dataKeys, jobs: () => runner }),
    };
    runner = createJobRunner<BackfillJobs>({ database: test.database, handlers });
  });
  afterAll(() => test.close());

  async function createPassport(expiryDate: number): Promise<string> {
    const body = { ...(await sampleRecord(PASSPORT, sampleRefsOf(test, sam))), expiryDate };
    const response = await call(test, sam, "POST", PASSPORTS, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function reminderJobKeys(): Promise<string[]> {
    const rows = await test.database.db
      .selectFrom("job")
      .select("unique_key")
      .where("kind", "=", "reminder.send")
      .orderBy("unique_key")
      .execute();
    return rows.map((row) => String(row.unique_key));
  }

  const runBackfill = () =>
    handlers["reminder.backfill"](
      {},
      { jobId: "backfill", kind: "reminder.backfill", attempt: 1, maxAttempts: 1, isLastAttempt: true },
    );

  it("is scheduled once however many times the servers start", async () => {
    await scheduleReminderBackfill(runner);
    await scheduleReminderBackfill(runner);
    const rows = await test.database.db
      .selectFrom("job")
      .select("kind")
      .where("unique_key", "=", REMINDER_BACKFILL_KEY)
      .execute();
    expect(rows).toEqual([{ kind: "reminder.backfill" }]);
  });

  it("gives records saved without reminder jobs the jobs a save would, and nothing more when run again", async () => {
    const expiry = midnight(200);
    const future = await createPassport(expiry);
    await createPassport(midnight(-10));
    expect(await reminderJobKeys()).toEqual([]);

    await runBackfill();
    const expected = [
      `reminder:${future}:expiryDate:${expiry}:180`,
      `reminder:${future}:expiryDate:${expiry}:7`,
    ];
    expect(await reminderJobKeys()).toEqual(expected);
    // Under the record's subject, so that its next save replaces them (schedule.ts).
    const subjects = await test.database.db
      .selectFrom("job")
      .select("subject")
      .distinct()
      .where("kind", "=", "reminder.send")
      .execute();
    expect(subjects).toEqual([{ subject: `reminder:${future}` }]);

    await runBackfill();
    expect(await reminderJobKeys()).toEqual(expected);
  });
});
