import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import { buildApp } from "../../app.ts";
import { createAuth } from "../../auth/better-auth.ts";
import { type Config, loadConfig } from "../../config.ts";
import { createDataKeys } from "../../crypto/data-keys.ts";
import { generateMasterKeyText } from "../../crypto/master-key-text.ts";
import { loadMasterKeyring } from "../../crypto/master-keys.ts";
import { createJobRunner, type JobRunner } from "../../jobs/runner.ts";
import type { MailJobs } from "../../mail/delivery.ts";
import { createMailOutbox, type MailOutbox } from "../../mail/outbox.ts";
import { createSignedInUser, mailsTo, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { createTestDatabase, testDialects } from "../../testing/test-database.ts";
import { createAccountEraser } from "../account/account-deletion.ts";
import { createUnsubscribeLinks } from "../unsubscribe/unsubscribe-links.ts";
import type { ReminderJobs } from "./schedule.ts";
import { reminderJobHandlers } from "./send.ts";
import { DAY_MS } from "./upcoming.ts";

const QUIET = { warn() {}, error() {} };
const PASSPORT = categoryDef("passport");
const PASSPORTS = "/api/records/personaldata/passport";

type Harness = TestApp & { jobs: JobRunner<MailJobs & ReminderJobs>; setNow(epochMs: number): void };

/** The real app with a job runner that sends reminders (not mail: that stays in mail_outbox), on a movable clock. */
async function buildReminderApp(dialect: Parameters<typeof createTestDatabase>[0]): Promise<Harness> {
  const database = await createTestDatabase(dialect);
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: database.dataDir }),
    webDir: `${database.dataDir}/web`,
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    masterKey: generateMasterKeyText(),
  };
  let now = Date.now();
  const clock = () => now;
  const masterKeys = loadMasterKeyring({ config, logger: QUIET });
  const jobs: JobRunner<MailJobs & ReminderJobs> = createJobRunner<MailJobs & ReminderJobs>({
    database,
    clock,
    handlers: {
      "mail.deliver": async () => {},
      ...reminderJobHandlers({
        database,
        dataKeys: createDataKeys({ db: database.db, masterKeys }),
        publicUrl: config.publicUrl,
        clock,
        mail: () => ({
          outbox,
          links: createUnsubscribeLinks({ publicUrl: config.publicUrl, secret: auth.secret }),
        }),
      }),
    },
  });
  const outbox: MailOutbox = createMailOutbox({ database, jobs, clock });
  const auth = createAuth({ config, database, mail: outbox, logger: QUIET });
  const eraser = createAccountEraser();
  const app = await buildApp({
    config,
    database,
    logger: false,
    auth,
    masterKeys,
    reminderJobs: jobs,
    clock,
    eraser,
  });
  return {
    app,
    database,
    config,
    auth,
    jobs,
    eraser,
    setNow(epochMs) {
      now = epochMs;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe.each(testDialects())("expiry reminders on %s", (dialect) => {
  let test: Harness;
  let sam: TestUser;
  /** Today at noon UTC: the clock of each test starts here. */
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2;
  const midnight = (days: number) => Math.floor(today / DAY_MS) * DAY_MS + days * DAY_MS;

  beforeAll(async () => {
    test = await buildReminderApp(dialect);
    sam = await createSignedInUser(test, { name: "Sam Example" });
  });
  afterAll(() => test.close());
  beforeEach(() => test.setNow(today));

  async function createPassport(user: TestUser, expiryDate: number): Promise<string> {
    const body = { ...(await sampleRecord(PASSPORT, sampleRefsOf(test, user))), expiryDate };
    const response = await call(test, user, "POST", PASSPORTS, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function reminderJobs(recordId: string) {
    const rows = await test.database.db
      .selectFrom("job")
      .select(["unique_key", "run_at", "done_at"])
      .where("unique_key", "like", `reminder:${recordId}:%`)
      .orderBy("run_at")
      .execute();
    return rows.map((row) => ({
      key: row.unique_key,
      runAt: Number(row.run_at),
      done: row.done_at !== null,
    }));
  }

  async function reminderMails(user: TestUser) {
    return (await mailsTo(test, user.email)).filter((mail) => mail.template === "expiryReminder");
  }

  it("lists a passport expiring in 30 days, with its holder", async () => {
    const id = await createPassport(sam, midnight(30));
    const response = await call(test, sam, "GET", "/api/reminders");
    expect(response.statusCode).toBe(200);
    const item = response.json().find((reminder: { recordId: string }) => reminder.recordId === id);
    expect(item).toEqual({
      recordId: id,
      module: "personaldata",
      category: "passport",
      field: "expiryDate",
      date: midnight(30),
      daysLeft: 30,
      holderName: "Sam Example",
      title: "Sam Example",
    });
    await call(test, sam, "DELETE", `${PASSPORTS}/${id}`);
  });

  it("lists overdue items up to 30 days and nothing beyond the largest lead time, soonest first", async () => {
    const ids = [
      await createPassport(sam, midnight(-3)),
      await createPassport(sam, midnight(-31)),
      await createPassport(sam, midnight(181)),
      await createPassport(sam, midnight(0)),
    ];
    const items: { recordId: string; daysLeft: number }[] = (
      await call(test, sam, "GET", "/api/reminders")
    ).json();
    expect(items.map((item) => item.daysLeft)).toEqual([-3, 0]);
    for (const id of ids) await call(test, sam, "DELETE", `${PASSPORTS}/${id}`);
  });

  it("mails once per lead time still ahead, at date minus lead, even when run twice", async () => {
    const user = await createSignedInUser(test, { name: "Ann Mailer", lang: "fr" });
    const expiry = midnight(200);
    const id = await createPassport(user, expiry);
    expect(await reminderJobs(id)).toEqual([
      { key: `reminder:${id}:expiryDate:${expiry}:180`, runAt: expiry - 180 * DAY_MS, done: false },
      { key: `reminder:${id}:expiryDate:${expiry}:7`, runAt: expiry - 7 * DAY_MS, done: false },
    ]);

    await test.jobs.runDue(100);
    expect(await reminderMails(user)).toHaveLength(0);

    test.setNow(expiry - 180 * DAY_MS);
    await test.jobs.runDue(100);
    await test.jobs.runDue(100);
    const first = await reminderMails(user);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe("Passeports · Ann Mailer : expire dans 180 jours");
    expect(first[0]?.text).toContain(`${test.config.publicUrl}/dashboard/personaldata/passport/view/${id}`);
    expect(first[0]?.text).toContain("/unsubscribe?accountId=");
    const stored = await test.database.db
      .selectFrom("mail_outbox")
      .select("headers")
      .where("to_address", "=", user.email)
      .where("template", "=", "expiryReminder")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.headers)).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    test.setNow(expiry - 7 * DAY_MS);
    await test.jobs.runDue(100);
    await test.jobs.runDue(100);
    expect((await reminderMails(user)).map((mail) => mail.subject)).toEqual([
      "Passeports · Ann Mailer : expire dans 180 jours",
      "Passeports · Ann Mailer : expire dans 7 jours",
    ]);
  });

  it("skips lead times already past when the record is saved", async () => {
    const expiry = midnight(30);
    const id = await createPassport(sam, expiry);
    expect((await reminderJobs(id)).map((job) => job.key)).toEqual([`reminder:${id}:expiryDate:${expiry}:7`]);
    await call(test, sam, "DELETE", `${PASSPORTS}/${id}`);
  });

  it("reschedules when the date changes and cancels on delete", async () => {
    const id = await createPassport(sam, midnight(30));
    const body = { ...(await sampleRecord(PASSPORT, sampleRefsOf(test, sam))), expiryDate: midnight(40) };
    expect((await call(test, sam, "PUT", `${PASSPORTS}/${id}`, body)).statusCode).toBe(200);
    expect((await reminderJobs(id)).map((job) => job.key)).toEqual([
      `reminder:${id}:expiryDate:${midnight(40)}:7`,
    ]);

    test.setNow(midnight(23));
    await test.jobs.runDue(100);
    expect(await reminderMails(sam)).toHaveLength(0);

    expect((await call(test, sam, "DELETE", `${PASSPORTS}/${id}`)).statusCode).toBe(204);
    expect(await reminderJobs(id)).toEqual([]);
  });

  it("sends nothing to an account that turned notification mail off", async () => {
    const user = await createSignedInUser(test, { name: "Quiet Person" });
    await test.database.db
      .updateTable("user")
      .set({ emailNotifications: false })
      .where("id", "=", user.id)
      .execute();
    const expiry = midnight(20);
    await createPassport(user, expiry);
    test.setNow(expiry - 7 * DAY_MS);
    await test.jobs.runDue(100);
    expect(await reminderMails(user)).toHaveLength(0);
  });

  it("refuses anonymous callers", async () => {
    expect((await call(test, null, "GET", "/api/reminders")).statusCode).toBe(401);
  });
});
