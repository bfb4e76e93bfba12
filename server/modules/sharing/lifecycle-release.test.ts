import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../../domain/schemas/share.ts";
import { claimDueJobs } from "../../jobs/claim.ts";
import { createMailOutbox } from "../../mail/outbox.ts";
import { createSignedInUser, mailsTo, TEST_PASSWORD, type TestUser } from "../../testing/identity.ts";
import {
  acceptedNominee,
  approvalLinkOf,
  as,
  buildLifecycleApp,
  type LifecycleHarness,
  NOMINEES,
  nomineeView,
  postApproval,
  secondServer,
  sharingMails,
  withMe,
} from "../../testing/nominee-lifecycle.ts";
import { testDialects } from "../../testing/test-database.ts";
import { createUnsubscribeLinks } from "../unsubscribe/unsubscribe-links.ts";
import { createApprovalLinks } from "./approval-links.ts";
import { firstOpenHook } from "./jobs.ts";

/** The wait without an answer, run by the durable job runner: exactly once, one mail each side. */
describe.each(testDialects())("timed release on %s", (dialect) => {
  let test: LifecycleHarness;
  let ann: TestUser;

  beforeAll(async () => {
    test = await buildLifecycleApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Owner" });
  });
  afterAll(() => test.close());

  const ask = (nominee: TestUser, id: string) =>
    as(test, nominee).ok("POST", `/api/shared/nominee/${id}/request`);
  const mailsAbout = async (id: string, subject: string) =>
    (await mailsTo(test, ann.email)).filter(
      (mail) => mail.text.includes(id) && mail.subject.startsWith(subject),
    );

  it("reminds the owner once on the last day, and releases at exactly the wait, not a millisecond before", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
    await ask(alex, id);
    const requestedAt = test.now();
    const first = await approvalLinkOf(test, ann, id, true);

    test.advance(4 * DAY_MS - 1);
    await test.runJobs();
    expect((await mailsTo(test, ann.email)).filter((mail) => mail.subject.startsWith("Reminder:"))).toEqual(
      [],
    );
    test.advance(1);
    await test.runJobs();
    const reminders = (await mailsTo(test, ann.email)).filter((mail) => mail.subject.startsWith("Reminder:"));
    expect(reminders.map((mail) => mail.subject)).toEqual([
      "Reminder: Alex Martin asks for access to your Kinfile",
    ]);
    // The same links as the first mail: still the one pending request.
    expect(reminders[0]?.text).toContain(first.sign);

    test.advance(DAY_MS - 1);
    await test.runJobs();
    expect((await nomineeView(test, ann, id)).status).toBe("requested");
    expect(test.now()).toBe(requestedAt + 5 * DAY_MS - 1);

    test.advance(1);
    await test.runJobs();
    expect(await nomineeView(test, ann, id)).toMatchObject({
      status: "released",
      releasedAt: requestedAt + 5 * DAY_MS,
      releaseAt: null,
    });
    expect((await withMe(test, alex))[0]?.status).toBe("released");

    test.advance(DAY_MS);
    await test.runJobs();
    await test.runJobs();
    const toNominee = (await sharingMails(test, alex.email)).filter((mail) =>
      mail.subject.startsWith("You can now"),
    );
    expect(toNominee.map((mail) => mail.subject)).toEqual([
      "You can now read what Ann Owner shares with you",
    ]);
    expect((await mailsAbout(id, "Alex Martin can now read")).length).toBe(1);
    // The request is over: its link changes nothing, and says access was granted.
    const late = await postApproval(test, id, true, first.sign);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.state).toBe("released");
  });

  it("never releases a manual request by itself, nor reminds", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "manual");
    await ask(alex, id);
    const before = (await mailsTo(test, ann.email)).length;
    test.advance(400 * DAY_MS);
    await test.runJobs();
    expect(await nomineeView(test, ann, id)).toMatchObject({ status: "requested", releaseAt: null });
    expect((await mailsTo(test, ann.email)).length).toBe(before);
    expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
      "Your access request to Ann Owner was sent",
    );
  });

  it("releases once with one mail each side when two servers run the due jobs together", async () => {
    const requests = [];
    for (let index = 0; index < 4; index += 1) {
      const { nominee, id } = await acceptedNominee(test, ann, "ten_days");
      await ask(nominee, id);
      requests.push({ nominee, id });
    }
    const releaseAt = test.now() + 10 * DAY_MS;
    // A second copy of each release job, as a retry or a second scheduler could leave: the guard in
    // the database, not the queue's unique key, is what must hold.
    for (const { id } of requests) {
      const row = await test.database.db
        .selectFrom("nominee")
        .select("request_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await test.jobs.enqueue(
        "share.release",
        { nomineeId: id, requestId: row.request_id ?? "" },
        { runAt: releaseAt },
      );
    }
    const one = await secondServer(test, dialect, "server-one");
    const two = await secondServer(test, dialect, "server-two");
    try {
      test.advance(10 * DAY_MS);
      await Promise.all([one.jobs.runDue(100), two.jobs.runDue(100), test.jobs.runDue(100)]);
      await Promise.all([one.jobs.runDue(100), two.jobs.runDue(100)]);
    } finally {
      await one.database.close();
      await two.database.close();
    }
    for (const { nominee, id } of requests) {
      expect((await nomineeView(test, ann, id)).status).toBe("released");
      const released = (await sharingMails(test, nominee.email)).filter((mail) =>
        mail.subject.startsWith("You can now"),
      );
      expect(released.length, nominee.email).toBe(1);
      expect((await mailsAbout(id, "Alex Martin can now read")).length).toBe(1);
    }
    const pending = await test.database.db
      .selectFrom("job")
      .select("id")
      .where("kind", "=", "share.release")
      .where("done_at", "is", null)
      .where("failed_at", "is", null)
      .execute();
    expect(pending).toEqual([]);
  });

  it("releases after a restart: a job claimed by a server that died runs once its lease lapses", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
    await ask(alex, id);
    test.advance(5 * DAY_MS);
    // A server claims the due jobs, then stops before running them.
    const claimed = await claimDueJobs(test.database, {
      workerId: "stopped-server",
      now: test.now(),
      leaseMs: 60_000,
      limit: 100,
    });
    expect(claimed.some((job) => job.kind === "share.release")).toBe(true);
    await test.runJobs();
    expect((await nomineeView(test, ann, id)).status).toBe("requested");

    test.advance(60_000);
    await test.runJobs();
    await test.runJobs();
    expect((await nomineeView(test, ann, id)).status).toBe("released");
    const released = (await sharingMails(test, alex.email)).filter((mail) =>
      mail.subject.startsWith("You can now"),
    );
    expect(released.length).toBe(1);
    expect((await mailsAbout(id, "Alex Martin can now read")).length).toBe(1);
  });

  it("mails the owner the first time the nominee opens the file after each release, once", async () => {
    const { id } = await acceptedNominee(test, ann, "now");
    const firstOpen = firstOpenHook({
      db: test.database.db,
      outbox: createMailOutbox({ database: test.database, jobs: test.jobs, clock: test.now }),
      jobs: test.jobs,
      links: createApprovalLinks({ publicUrl: test.config.publicUrl, secret: test.auth.secret }),
      unsubscribe: createUnsubscribeLinks({ publicUrl: test.config.publicUrl, secret: test.auth.secret }),
      publicUrl: test.config.publicUrl,
      clock: test.now,
    });
    const row = async () =>
      test.database.db.selectFrom("nominee").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await Promise.all([firstOpen(await row()), firstOpen(await row())]);
    await test.runJobs();
    await firstOpen(await row());
    await test.runJobs();
    // However often the hook runs for one release (the shared reads call it once, on the read
    // that set opened_at), the owner is mailed once.
    expect((await mailsAbout(id, "Alex Martin opened your shared file")).length).toBe(1);

    // Revoked and granted again: the next first open is mailed again.
    await as(test, ann).ok("POST", `${NOMINEES}/${id}/revoke`);
    test.advance(1);
    await as(test, ann).ok("POST", `${NOMINEES}/${id}/grant`);
    await firstOpen(await row());
    await test.runJobs();
    expect((await mailsAbout(id, "Alex Martin opened your shared file")).length).toBe(2);
  });

  it("forgets a deleted owner's nominees, and returns a deleted nominee's grant to an invitation", async () => {
    const owner = await createSignedInUser(test, { name: "Olga Owner" });
    const { nominee: alex, id } = await acceptedNominee(test, owner, "now");
    const other = await acceptedNominee(test, ann, "five_days");
    await ask(other.nominee, other.id);

    const gone = await as(test, other.nominee).send("DELETE", "/api/account", {
      password: TEST_PASSWORD,
      confirmation: "DELETE",
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await nomineeView(test, ann, other.id)).toMatchObject({ status: "invited", requestedAt: null });
    test.advance(5 * DAY_MS);
    await test.runJobs();
    expect((await nomineeView(test, ann, other.id)).status).not.toBe("released");

    const deleted = await as(test, owner).send("DELETE", "/api/account", {
      password: TEST_PASSWORD,
      confirmation: "DELETE",
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await withMe(test, alex)).toEqual([]);
    expect(await test.database.db.selectFrom("nominee").select("id").where("id", "=", id).execute()).toEqual(
      [],
    );
  });
});
