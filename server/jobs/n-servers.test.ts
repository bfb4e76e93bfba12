import { randomUUID } from "node:crypto";
import { mkdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../domain/sections/index.ts";
import { type AppJobs, appJobHandlers } from "../app-jobs.ts";
import { createDataKeys, type DataKeys } from "../crypto/data-keys.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { Database } from "../db/database.ts";
import { createMailOutbox, type MailOutbox } from "../mail/outbox.ts";
import { createMailTransport, type MailTransport } from "../mail/transport.ts";
import { schedulePurgeOfUnverified } from "../modules/account/unverified-purge.ts";
import { NO_TEXT } from "../modules/documents/metadata.ts";
import { scheduleDocumentMetadataEncryption } from "../modules/documents/metadata-backfill.ts";
import { schedulePendingUploadSweep } from "../modules/documents/pending-uploads.ts";
import { documentReader } from "../modules/documents/reader.ts";
import { scheduleReminderBackfill } from "../modules/reminders/backfill.ts";
import { wantedReminders } from "../modules/reminders/schedule.ts";
import { scheduleSearchIndexBuild } from "../modules/search/index-build.ts";
import { sharingJobKeys } from "../modules/sharing/schedule.ts";
import { scheduleRenewalReminder } from "../modules/subscriptions/renewal.ts";
import { scheduleLeftoverSweep } from "../storage/leftovers.ts";
import { blobsDir } from "../storage/open-blob-store.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import {
  acceptedNominee,
  as,
  buildLifecycleApp,
  type LifecycleHarness,
} from "../testing/nominee-lifecycle.ts";
import { call } from "../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../testing/record-samples.ts";
import { type SmtpTestServer, startSmtpServer } from "../testing/smtp-server.ts";
import { openSecondPool, testDialects } from "../testing/test-database.ts";
import { createJobRunner, type JobHandler, type JobHandlers, type JobRunner } from "./runner.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The stalled server's lease: past it, the others take its job while it still runs it. */
const LEASE_MS = 60_000;
const QUIET = { info() {}, warn() {}, error() {} };

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** One app server's share of the work: its own connection pool, outbox and job runner. */
type Server = {
  database: Database;
  dataKeys: DataKeys;
  outbox: MailOutbox;
  runner(options?: {
    leaseMs?: number;
    wrap?: (handlers: JobHandlers<AppJobs>) => JobHandlers<AppJobs>;
  }): JobRunner<AppJobs>;
};

/*
 * Everything that must happen once happens once with N servers. For every job kind the queue
 * runs, the worst case: server A claims the due job and stalls (a long pause, a slow disk) until
 * its lease lapses; servers B and C race to take the job over, and A wakes and runs it at the same
 * moment (on PostgreSQL; SQLite's pools take turns, see race). Whatever the job does (mail, release, purge, sweep), it is done once: no mail made
 * twice, none delivered twice to the SMTP server, the next run of a repeating job scheduled once.
 */
describe.each(testDialects())("every job once with three servers on %s", (dialect) => {
  let test: LifecycleHarness;
  let smtp: SmtpTestServer;
  const servers: Server[] = [];
  const transports: MailTransport[] = [];
  const pools: Database[] = [];
  let ann: TestUser;

  function serverOn(database: Database, workerId: string): Server {
    const masterKeys = loadMasterKeyring({ config: test.config, logger: QUIET });
    const dataKeys = createDataKeys({ db: database.db, masterKeys });
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: "" });
    transports.push(transport);
    const runner: Server["runner"] = (options = {}) => {
      const handlers = appJobHandlers({
        config: test.config,
        database,
        dataKeys,
        transport,
        eraser: test.eraser,
        changes: test.auth.changes,
        outbox: () => outbox,
        jobs: () => created,
        authSecret: () => test.auth.secret,
        logger: QUIET,
        clock: test.now,
      });
      const created: JobRunner<AppJobs> = createJobRunner<AppJobs>({
        database,
        clock: test.now,
        workerId,
        logger: QUIET,
        handlers: options.wrap === undefined ? handlers : options.wrap(handlers),
        ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
      });
      return created;
    };
    const outbox = createMailOutbox({ database, jobs: runner(), clock: test.now });
    return { database, dataKeys, outbox, runner };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await buildLifecycleApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Owner" });
    const b = await openSecondPool(test.database, dialect);
    const c = await openSecondPool(test.database, dialect);
    pools.push(b, c);
    servers.push(serverOn(test.database, "server-a"), serverOn(b, "server-b"), serverOn(c, "server-c"));
  });
  afterAll(async () => {
    for (const transport of transports) transport.close();
    for (const pool of pools) await pool.close();
    await test.close();
    await smtp.close();
  });

  const a = (): Server => {
    const [first] = servers;
    if (first === undefined) throw new Error("the servers start in beforeAll");
    return first;
  };
  const db = () => test.database.db;

  /** A stalls in the job of `kind`, its lease lapses, then B and C race for it while A runs it too. */
  async function race(kind: keyof AppJobs & string): Promise<void> {
    const entered = deferred();
    const gate = deferred();
    // A's other due jobs run at once; what they still do is awaited before the others start on SQLite.
    const busy: Promise<unknown>[] = [];
    const stalled = a().runner({
      leaseMs: LEASE_MS,
      wrap: (handlers) => {
        const each = handlers as Record<string, JobHandler<unknown>>;
        const wrapped: Record<string, JobHandler<unknown>> = {};
        for (const [name, handler] of Object.entries(each)) {
          wrapped[name] = async (payload, context) => {
            if (name !== kind) {
              const running = handler(payload, context);
              busy.push(running.catch(() => {}));
              return running;
            }
            entered.resolve();
            await gate.promise;
            await handler(payload, context);
          };
        }
        return wrapped as JobHandlers<AppJobs>;
      },
    });
    const first = stalled.runDue(100);
    let claimed = false;
    await Promise.race([entered.promise.then(() => (claimed = true)), first]);
    expect(claimed, `a ${kind} job was due`).toBe(true);
    test.advance(LEASE_MS + 1);
    if (dialect === "postgres") {
      const others = Promise.all(servers.slice(1).map((server) => server.runner().runDue(100)));
      gate.resolve();
      await Promise.all([first, others]);
      return;
    }
    // node:sqlite waits for a lock synchronously, blocking the one event loop every pool of this
    // process shares: two pools cannot hold transactions at once here (separate processes can).
    // The servers take their turns instead: A's other jobs end, B and C run, then A wakes.
    await Promise.all(busy);
    for (const server of servers.slice(1)) await server.runner().runDue(100);
    gate.resolve();
    await first;
  }

  /** Runs what the race left due (the mails it made) on every server until nothing is left. */
  async function settle(): Promise<void> {
    for (let round = 0; round < 4; round++) {
      if (dialect === "postgres") await Promise.all(servers.map((server) => server.runner().runDue(100)));
      else for (const server of servers) await server.runner().runDue(100);
    }
  }

  const mailIds = async () =>
    new Set((await db().selectFrom("mail_outbox").select("id").execute()).map((row) => row.id));

  /** The mails made since `before` was taken. */
  async function mailsSince(before: Set<string>) {
    const rows = await db()
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "subject", "template", "status"])
      .execute();
    return rows.filter((row) => !before.has(row.id));
  }

  /** Runs the race on `kind` and checks what must hold for every job; answers the mails it made. */
  async function once(kind: keyof AppJobs & string) {
    const before = await mailIds();
    await race(kind);
    await settle();
    const made = await mailsSince(before);
    const seen = made.map((mail) => `${mail.to_address} ${mail.subject}`);
    expect(seen, "no mail made twice").toEqual([...new Set(seen)]);
    expect(made.filter((mail) => mail.status !== "sent")).toEqual([]);
    const ids = smtp.received.map((message) => message.toString().match(/^Message-ID: *(\S+)/im)?.[1]);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(ids, "no mail delivered twice").toEqual([...new Set(ids)]);
    const stuck = await db()
      .selectFrom("job")
      .select(["kind", "last_error"])
      .where("kind", "=", kind)
      .where("done_at", "is", null)
      .where((eb) => eb.or([eb("failed_at", "is not", null), eb("run_at", "<=", test.now())]))
      .execute();
    expect(stuck).toEqual([]);
    return made;
  }

  it("mail.deliver: a mail reaches the SMTP server once", async () => {
    const delivered = smtp.received.length;
    await a().outbox.enqueueMail({
      to: "once@example.com",
      template: "verifyEmail",
      data: { url: "https://kinfile.example/verify", expiresInMinutes: 60 },
      lng: "en",
    });
    await once("mail.deliver");
    const toOnce = smtp.received.slice(delivered).filter((message) => message.includes("once@example.com"));
    expect(toOnce).toHaveLength(1);
  });

  it("reminder.send: the owner is reminded of an expiry once", async () => {
    const expiryDate = Math.floor(test.now() / DAY_MS) * DAY_MS + 200 * DAY_MS;
    const body = { ...(await sampleRecord(categoryDef("passport"), sampleRefsOf(test, ann))), expiryDate };
    const response = await call(test, ann, "POST", "/api/records/personaldata/passport", body);
    expect(response.statusCode, response.body).toBe(200);
    const recordId = response.json() as string;
    const [wanted] = wantedReminders(ann.id, recordId, categoryDef("passport"), body, test.now());
    if (wanted === undefined) throw new Error("a passport expiring in 200 days wants a reminder");
    await a().runner().enqueue("reminder.send", wanted.payload, wanted.options);
    test.advance(Math.max(0, wanted.options.runAt - test.now()));
    const made = await once("reminder.send");
    expect(made.filter((mail) => mail.template === "expiryReminder")).toHaveLength(1);
  });

  it("reminder.backfill: every stored record's reminders are scheduled once", async () => {
    await scheduleReminderBackfill(a().runner());
    await once("reminder.backfill");
    const keys = await db()
      .selectFrom("job")
      .select("unique_key")
      .where("kind", "=", "reminder.send")
      .execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map((row) => row.unique_key)).toEqual([...new Set(keys.map((row) => row.unique_key))]);
  });

  it("document.encrypt-metadata: a document saved before encryption is sealed once, readable", async () => {
    const id = randomUUID();
    await db()
      .insertInto("document")
      .values({
        id,
        owner_id: ann.id,
        module: "inventory",
        type: "documentlibrary",
        file_name: "old-scan.pdf",
        description: "from before 0009",
        created_at: test.now(),
        updated_at: test.now(),
      })
      .execute();
    await scheduleDocumentMetadataEncryption(a().runner());
    await once("document.encrypt-metadata");
    const row = await db().selectFrom("document").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: null, description: null });
    const opened = await documentReader(db(), a().dataKeys).find(ann.id, id);
    expect(opened).toMatchObject({ fileName: "old-scan.pdf", description: "from before 0009" });
  });

  it("search.build-index: the index of rows saved before it existed is built once", async () => {
    await db().deleteFrom("search_term").execute();
    await scheduleSearchIndexBuild(a().runner());
    await once("search.build-index");
    const terms = await db()
      .selectFrom("search_term")
      .select("hash")
      .where("owner_id", "=", ann.id)
      .execute();
    expect(terms.length).toBeGreaterThan(0);
  });

  it("share.remind, share.release and share.opened: one reminder, one release, one opened notice", async () => {
    const { nominee, id } = await acceptedNominee(test, ann, "five_days");
    await as(test, nominee).ok("POST", `/api/shared/nominee/${id}/request`);
    test.advance(4 * DAY_MS);
    const reminders = await once("share.remind");
    expect(reminders.filter((mail) => mail.subject.startsWith("Reminder:"))).toHaveLength(1);

    test.advance(DAY_MS);
    await once("share.release");
    const row = await db().selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("released");
    const released = await db()
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", nominee.email)
      .where("subject", "like", "You can now%")
      .execute();
    expect(released).toHaveLength(1);

    const releasedAt = Number(row.released_at);
    await a()
      .runner()
      .enqueue(
        "share.opened",
        { nomineeId: id, releasedAt },
        { uniqueKey: sharingJobKeys.opened(id, releasedAt) },
      );
    const opened = await once("share.opened");
    expect(opened.filter((mail) => mail.to_address === ann.email)).toHaveLength(1);
  });

  it("share.end: released access ends once", async () => {
    const { nominee, id } = await acceptedNominee(test, ann, "now");
    const accepted = await db()
      .selectFrom("nominee")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Released at once, or on asking, as the release timing says.
    if (accepted.status !== "released")
      await as(test, nominee).ok("POST", `/api/shared/nominee/${id}/request`);
    const row = await db().selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("released");
    const accessEndsAt = test.now() + DAY_MS;
    await a()
      .runner()
      .enqueue(
        "share.end",
        { nomineeId: id, accessEndsAt },
        { runAt: accessEndsAt, uniqueKey: sharingJobKeys.end(id, accessEndsAt) },
      );
    await db().updateTable("nominee").set({ access_ends_at: accessEndsAt }).where("id", "=", id).execute();
    test.advance(DAY_MS);
    await once("share.end");
    const ended = await db()
      .selectFrom("nominee")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(ended.status).toBe("accepted");
  });

  it("billing.renewal-reminder: a yearly renewal is announced once", async () => {
    const productId = randomUUID();
    await db()
      .insertInto("product")
      .values({
        id: productId,
        name: "Yearly",
        currency: "eur",
        amount: 4_900,
        interval: "year",
        is_b2b: 0,
        provider_price_id: null,
        archived_at: null,
        created_at: test.now(),
      })
      .execute();
    const subscription = {
      id: randomUUID(),
      user_id: ann.id,
      provider: "stripe" as const,
      product_id: productId,
      provider_subscription_id: `sub_${randomUUID()}`,
      status: "active" as const,
      quantity: 1,
      current_period_end: test.now() + 30 * DAY_MS,
      cancel_at_period_end: 0,
      code_id: null,
      provider_event_at: null,
      reminded_period_end: null,
      created_at: test.now(),
      updated_at: test.now(),
    };
    await db().insertInto("subscription").values(subscription).execute();
    await scheduleRenewalReminder(a().runner(), db(), subscription, "year", test.now());
    test.advance(23 * DAY_MS + 1);
    const made = await once("billing.renewal-reminder");
    expect(made.filter((mail) => mail.template === "renewalReminder")).toHaveLength(1);
    await db().deleteFrom("subscription").where("id", "=", subscription.id).execute();
  });

  it("company.invite-reminder: an invitee is reminded once, with a code that works", async () => {
    const companyId = randomUUID();
    const memberId = randomUUID();
    await db()
      .insertInto("company")
      .values({
        id: companyId,
        name: "Acme",
        email: "hr@acme.example",
        website: null,
        phones: "[]",
        address: null,
        seat_limit: null,
        billing_user_id: ann.id,
        created_at: test.now(),
        updated_at: test.now(),
      })
      .execute();
    await db()
      .insertInto("company_member")
      .values({
        id: memberId,
        company_id: companyId,
        user_id: null,
        email: "invitee@acme.example",
        first_name: "Ivy",
        last_name: "Invitee",
        language: "en",
        status: "invited",
        is_admin: 0,
        code_hash: "before",
        invited_at: test.now(),
        activated_at: null,
        deactivated_at: null,
      })
      .execute();
    await a().runner().enqueue("company.invite-reminder", { memberId });
    const made = await once("company.invite-reminder");
    expect(made.filter((mail) => mail.to_address === "invitee@acme.example")).toHaveLength(1);
  });

  it("account.purge-unverified: an unconfirmed sign-up is erased once, the next purge scheduled once", async () => {
    const stale = await createSignedInUser(test, { name: "Never Confirmed" });
    const long = new Date(test.now() - 30 * DAY_MS);
    await db()
      .updateTable("user")
      .set({
        emailVerified: (dialect === "sqlite" ? 0 : false) as never,
        createdAt: (dialect === "sqlite" ? long.toISOString() : long) as never,
      })
      .where("id", "=", stale.id)
      .execute();
    await schedulePurgeOfUnverified(a().runner(), test.now());
    await once("account.purge-unverified");
    expect(await db().selectFrom("user").select("id").where("id", "=", stale.id).execute()).toEqual([]);
    const next = await db()
      .selectFrom("job")
      .select("run_at")
      .where("kind", "=", "account.purge-unverified")
      .where("done_at", "is", null)
      .execute();
    expect(next).toHaveLength(1);
  });

  it("storage.sweep-leftovers: a crash's temporary file is swept once, the next sweep scheduled once", async () => {
    const folder = path.join(blobsDir(test.config.dataDir), ann.id);
    await mkdir(folder, { recursive: true });
    const leftover = path.join(folder, `.tmp-${randomUUID()}-a1b2c3d4e5f6`);
    await writeFile(leftover, "half an upload");
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(leftover, old, old);
    await scheduleLeftoverSweep(a().runner(), test.now());
    await once("storage.sweep-leftovers");
    await expect(stat(leftover)).rejects.toThrow(/ENOENT/);
    const next = await db()
      .selectFrom("job")
      .select("run_at")
      .where("kind", "=", "storage.sweep-leftovers")
      .where("done_at", "is", null)
      .execute();
    expect(next).toHaveLength(1);
  });

  it("document.sweep-pending: an upload of a form never saved is swept once, the next sweep scheduled once", async () => {
    const id = randomUUID();
    await db()
      .insertInto("document")
      .values({
        ...NO_TEXT,
        id,
        owner_id: ann.id,
        module: "inventory",
        type: "will",
        content_type: null,
        size: null,
        blob_id: null,
        assigned_module: "inventory",
        assigned_type: "will",
        assigned_custom_position: null,
        assigned_document: null,
        pending_since: test.now() - 2 * DAY_MS,
        created_at: test.now() - 2 * DAY_MS,
        updated_at: test.now() - 2 * DAY_MS,
      })
      .execute();
    await schedulePendingUploadSweep(a().runner(), test.now());
    await once("document.sweep-pending");
    expect(await db().selectFrom("document").select("id").where("id", "=", id).execute()).toEqual([]);
    const next = await db()
      .selectFrom("job")
      .select("run_at")
      .where("kind", "=", "document.sweep-pending")
      .where("done_at", "is", null)
      .execute();
    expect(next).toHaveLength(1);
  });
});
