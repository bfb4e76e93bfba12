import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import { SMTP_OUTAGE_MS, startSmtpServer } from "../testing/smtp-server.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { type MailJobs, mailJobHandlers } from "./delivery.ts";
import { createMailOutbox, listUnsubscribeHeaders } from "./outbox.ts";
import { createMailTransport, type MailTransport } from "./transport.ts";

/** Another feature's job beside mail, as the app's runner will have: the outbox only sees its own kind. */
type AppJobs = MailJobs & { "test.other": { n: number } };

const START = Date.UTC(2026, 2, 1);
const LINK = "https://kinfile.example/verify?token=t0k&x=1";

describe.each(testDialects())("mail outbox on %s", (dialect) => {
  let database: TestDatabase;
  let now = START;
  const clock = () => now;
  const errors: string[] = [];
  const logger = {
    info: () => {},
    warn: () => {},
    error: (_object: object, message?: string) => {
      errors.push(message ?? "");
    },
  };
  const cleanups: (() => Promise<void> | void)[] = [];

  function setUp(transport: MailTransport) {
    const jobs: JobRunner<AppJobs> = createJobRunner<AppJobs>({
      database,
      clock,
      logger,
      handlers: {
        ...mailJobHandlers({ database, transport, logger, clock }),
        "test.other": async () => {},
      },
    });
    cleanups.push(
      () => jobs.stop(),
      () => transport.close(),
    );
    return { jobs, outbox: createMailOutbox({ database, jobs, clock }) };
  }

  async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}) {
    const server = await startSmtpServer(options);
    cleanups.push(() => server.close());
    return {
      server,
      ...setUp(
        createMailTransport({ smtpUrl: server.url, from: "Kinfile <no-reply@kinfile.example>", dataDir: "" }),
      ),
    };
  }

  const outboxRow = () => database.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.db.deleteFrom("mail_outbox").execute();
    await database.db.deleteFrom("job").execute();
    errors.length = 0;
    now = START;
  });
  afterAll(() => database.close());

  it("delivers a queued mail over SMTP with its text and HTML parts and its headers", async () => {
    const { server, jobs, outbox } = await smtp();
    const id = await outbox.enqueueMail({
      to: "ada@example.com",
      template: "verifyEmail",
      data: { url: LINK, expiresInMinutes: 60 },
      lng: "fr",
      headers: listUnsubscribeHeaders("https://kinfile.example/unsubscribe/u1"),
    });
    expect(await outboxRow()).toMatchObject({ id, status: "queued", template: "verifyEmail", lng: "fr" });
    expect(server.received).toHaveLength(0);

    expect(await jobs.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    const email = await PostalMime.parse(server.received[0] ?? "");
    expect(email.subject).toBe("Confirmez votre adresse courriel");
    expect(email.from).toMatchObject({ name: "Kinfile", address: "no-reply@kinfile.example" });
    expect(email.to).toEqual([{ name: "", address: "ada@example.com" }]);
    expect(email.messageId).toBe(`<${id}@kinfile.example>`);
    expect(email.text).toContain(LINK);
    expect(email.html).toContain('<html lang="fr"');
    expect(email.html).toContain(`href="${LINK.replace("&", "&amp;")}"`);
    const header = (key: string) => email.headers.find((each) => each.key === key)?.value;
    expect(header("list-unsubscribe")).toBe("<https://kinfile.example/unsubscribe/u1>");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(await outboxRow()).toMatchObject({
      status: "sent",
      sent_at: START,
      attempts: 1,
      last_error: null,
    });
  });

  it("signs in to an SMTP server that requires it with the credentials of the address", async () => {
    const { server, jobs, outbox } = await smtp({ login: ["kinfile", "p@ss word"] });
    await outbox.enqueueMail({
      to: "ada@example.com",
      template: "resetPassword",
      data: { url: LINK, expiresInMinutes: 60 },
      lng: "en",
    });
    await jobs.runDue();
    expect(server.users).toEqual(["kinfile"]);
    const email = await PostalMime.parse(server.received[0] ?? "");
    expect(email.subject).toBe("Reset your Kinfile password");
  });

  it("retries a mail the server refused for now, and delivers it exactly once", async () => {
    const { server, jobs, outbox } = await smtp({ failFirstData: true });
    await outbox.enqueueMail({
      to: "ada@example.com",
      template: "verifyEmail",
      data: { url: LINK, expiresInMinutes: 60 },
      lng: "en",
    });
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(server.received).toHaveLength(0);
    const refused = await outboxRow();
    expect(refused).toMatchObject({ status: "queued", attempts: 1 });
    expect(refused.last_error).toContain("451");

    expect(await jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    now += 30_000;
    expect(await jobs.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    now += 86_400_000;
    await jobs.runDue();
    expect(server.received).toHaveLength(1);
    expect(await outboxRow()).toMatchObject({ status: "sent", attempts: 2, sent_at: START + 30_000 });
  });

  it("delivers every mail once when the mail server comes back after an hour away", async () => {
    const { server: first, jobs, outbox } = await smtp();
    await first.close();
    const mail = (to: string) =>
      outbox.enqueueMail({
        to,
        template: "verifyEmail",
        data: { url: LINK, expiresInMinutes: 60 },
        lng: "en",
      });
    const ids = await Promise.all(["a", "b", "c", "d", "e"].map((name) => mail(`${name}@example.com`)));
    let back: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    // A minute at a time for three hours: mail keeps coming while the server is away, and it
    // returns on the same port after SMTP_OUTAGE_MS.
    for (let minute = 0; minute <= 180; minute++) {
      now = START + minute * 60_000;
      if (minute === 20 || minute === 45) ids.push(await mail(`during-${minute}@example.com`));
      if (back === undefined && now >= START + SMTP_OUTAGE_MS) {
        back = await startSmtpServer({ port: first.port });
        cleanups.push(() => back?.close());
      }
      await jobs.runDue(100);
      if (back === undefined) expect(first.received).toHaveLength(0);
    }
    const received = back?.received ?? [];
    const messageIds = await Promise.all(
      received.map(async (raw) => (await PostalMime.parse(raw)).messageId),
    );
    expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@kinfile.example>`).sort());
    const rows = await database.db.selectFrom("mail_outbox").select(["status", "sent_at"]).execute();
    expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
    // Nothing was sent while the server was away, and nothing was given up on.
    expect(Math.min(...rows.map((row) => row.sent_at ?? 0))).toBeGreaterThanOrEqual(START + SMTP_OUTAGE_MS);
    expect(errors).toEqual([]);
  });

  it("leaves a mail another worker is sending to it, and sends it once that worker's claim lapses", async () => {
    const { server, jobs, outbox } = await smtp();
    const id = await outbox.enqueueMail({
      to: "ada@example.com",
      template: "verifyEmail",
      data: { url: LINK, expiresInMinutes: 60 },
      lng: "en",
    });
    // What a worker that claimed the mail and died mid-send leaves: a claim for five minutes.
    await database.db
      .updateTable("mail_outbox")
      .set({ sending_until: START + 300_000 })
      .execute();
    expect(await jobs.runDue()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(server.received).toHaveLength(0);
    for (let minute = 1; minute <= 15; minute++) {
      now = START + minute * 60_000;
      await jobs.runDue();
    }
    expect(server.received).toHaveLength(1);
    expect(await outboxRow()).toMatchObject({ id, status: "sent", sending_until: null });
  });

  it("marks a mail failed and logs it when the last attempt fails", async () => {
    const server = await startSmtpServer();
    await server.close();
    const { jobs, outbox } = setUp(createMailTransport({ smtpUrl: server.url, dataDir: "" }));
    await outbox.enqueueMail({
      to: "ada@example.com",
      template: "verifyEmail",
      data: { url: LINK, expiresInMinutes: 60 },
      lng: "en",
    });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const { retried, failed } = await jobs.runDue();
      outcomes.push(retried ? "retried" : failed ? "failed" : "nothing");
      now += 6 * 3_600_000;
    }
    expect(outcomes).toEqual([...Array(7).fill("retried"), "failed", "nothing", "nothing"]);
    const row = await outboxRow();
    expect(row).toMatchObject({ status: "failed", attempts: 8, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/);
    expect(errors).toContain("mail could not be delivered; gave up");
  });

  it("stores the mail and its delivery job with the caller's transaction, or neither", async () => {
    const { server, jobs, outbox } = await smtp();
    const request = {
      to: "ada@example.com",
      template: "changeEmail",
      data: { url: LINK, newEmail: "ada@example.org", expiresInMinutes: 60 },
      lng: "en",
    } as const;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await outbox.enqueueMail(request, trx);
        throw new Error("the account change failed");
      }),
    ).rejects.toThrow("the account change failed");
    expect(await database.db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("job").selectAll().execute()).toEqual([]);

    await database.db.transaction().execute((trx) => outbox.enqueueMail(request, trx));
    await jobs.runDue();
    expect(server.received).toHaveLength(1);
  });

  it("keeps mail as .eml files in the data folder when no SMTP server is configured", async () => {
    const { jobs, outbox } = setUp(createMailTransport({ dataDir: database.dataDir }));
    const id = await outbox.enqueueMail({
      to: "ada@example.com",
      template: "newSignIn",
      data: { time: START, device: "Firefox on Linux", ip: "203.0.113.5", resetUrl: LINK },
      lng: "en",
    });
    await jobs.runDue();
    const folder = path.join(database.dataDir, "mail");
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{13}-${id}\\.eml$`));
    const email = await PostalMime.parse(await readFile(path.join(folder, files[0] ?? "")));
    expect(email.subject).toBe("New sign-in to your Kinfile account");
    expect(email.from).toMatchObject({ name: "Kinfile", address: "no-reply@localhost" });
    expect(email.text).toContain("203.0.113.5");
    expect(email.html).toContain("Firefox on Linux");
    expect(await outboxRow()).toMatchObject({ status: "sent" });
  });
});
