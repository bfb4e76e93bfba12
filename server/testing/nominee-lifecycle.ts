import { expect } from "vitest";
import type { ReleaseTiming } from "../../domain/catalog/releaseTimings.ts";
import type { NomineeView, SharedWithMeView } from "../../domain/schemas/share.ts";
import { type AppJobs, appJobHandlers } from "../app-jobs.ts";
import { createDataKeys } from "../crypto/data-keys.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { Database, Dialect } from "../db/database.ts";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import { createMailOutbox } from "../mail/outbox.ts";
import { createSignedInUser, mailsTo, request, type StoredMailRow, type TestUser } from "./identity.ts";
import { call, type Method } from "./person-photos.ts";
import { buildTestApp, type TestApp } from "./test-app.ts";
import { openSecondPool } from "./test-database.ts";

/** The real app on a movable clock, whose job runner the test runs when it wants. */
export type LifecycleHarness = TestApp & {
  now(): number;
  /** Moves the clock forward (never back: mail and jobs are ordered by it). */
  advance(ms: number): void;
  runJobs(): Promise<void>;
};

export async function buildLifecycleApp(dialect: Dialect): Promise<LifecycleHarness> {
  let now = Date.now();
  const test = await buildTestApp(dialect, { clock: () => now });
  return {
    ...test,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    async runJobs() {
      await test.jobs.runDue(100);
    },
  };
}

/** A second app server: its own connection pool to the same database, and its own job runner. */
export async function secondServer(
  test: LifecycleHarness,
  dialect: Dialect,
  workerId: string,
): Promise<{ database: Database; jobs: JobRunner<AppJobs> }> {
  const database = await openSecondPool(test.database, dialect);
  const masterKeys = loadMasterKeyring({ config: test.config, logger: { warn() {} } });
  const jobs: JobRunner<AppJobs> = createJobRunner<AppJobs>({
    database,
    clock: test.now,
    workerId,
    handlers: appJobHandlers({
      config: test.config,
      database,
      dataKeys: createDataKeys({ db: database.db, masterKeys }),
      eraser: test.eraser,
      changes: test.auth.changes,
      outbox: () => outbox,
      jobs: () => jobs,
      authSecret: () => test.auth.secret,
      logger: { info() {}, warn() {}, error() {} },
      clock: test.now,
    }),
  });
  const outbox = createMailOutbox({ database, jobs, clock: test.now });
  return { database, jobs };
}

export function as(test: TestApp, user: TestUser) {
  const send = async (method: Method, url: string, payload?: unknown) =>
    call(test, user, method, url, payload);
  return {
    send,
    async ok<T>(method: Method, url: string, payload?: unknown): Promise<T> {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json() as T;
    },
  };
}

export const NOMINEES = "/api/shared/nominees";

export function nomineeBody(
  nominee: { email: string },
  release: ReleaseTiming,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    firstName: "Alex",
    lastName: "Martin",
    email: nominee.email,
    scope: { modules: ["inventory"], categories: ["passport"] },
    release,
    ...extra,
  };
}

/** The owner names the nominee; answers the nominee id. */
export async function invite(
  test: TestApp,
  owner: TestUser,
  nominee: { email: string },
  release: ReleaseTiming,
): Promise<string> {
  return as(test, owner).ok<string>("POST", NOMINEES, nomineeBody(nominee, release));
}

export async function nomineeView(test: TestApp, owner: TestUser, id: string): Promise<NomineeView> {
  return as(test, owner).ok<NomineeView>("GET", `${NOMINEES}/${id}`);
}

export async function withMe(test: TestApp, nominee: TestUser): Promise<SharedWithMeView[]> {
  return as(test, nominee).ok<SharedWithMeView[]>("GET", "/api/shared/with-me");
}

/** A fresh account to name as a nominee. */
export function newNominee(test: TestApp, lang: "en" | "fr" = "en"): Promise<TestUser> {
  return createSignedInUser(test, { name: "Alex Martin", lang });
}

/** Invited and accepted: ready to ask for access. */
export async function acceptedNominee(
  test: TestApp,
  owner: TestUser,
  release: ReleaseTiming,
): Promise<{ nominee: TestUser; id: string }> {
  const nominee = await newNominee(test);
  const id = await invite(test, owner, nominee, release);
  await as(test, nominee).ok("POST", `/api/shared/nominee/${id}/accept`);
  return { nominee, id };
}

/** The sharing mails to an address, by template and, for notices, the words of their subject. */
export async function sharingMails(test: TestApp, email: string): Promise<StoredMailRow[]> {
  return (await mailsTo(test, email)).filter((mail) => mail.template.startsWith("share"));
}

/**
 * The approval link's sign from the owner's request mails: the one of the nominee's current
 * request (mails made in the same millisecond have no order to rely on).
 */
export async function approvalLinkOf(
  test: TestApp,
  owner: TestUser,
  nomineeId: string,
  approve: boolean,
): Promise<{ nomineeId: string; sign: string }> {
  const { request_id: requestId } = await test.database.db
    .selectFrom("nominee")
    .select("request_id")
    .where("id", "=", nomineeId)
    .executeTakeFirstOrThrow();
  const pattern = new RegExp(
    `${test.config.publicUrl}/accepted-share-request\\?\\S*approve=${approve}\\S*`,
    "g",
  );
  const links = (await mailsTo(test, owner.email))
    .filter((mail) => mail.template === "shareRequest")
    .flatMap((mail) => [...mail.text.matchAll(pattern)].map((match) => new URL(match[0]).searchParams));
  const link = links.find(
    (query) => query.get("nomineeId") === nomineeId && query.get("sign")?.startsWith(`${requestId}.`),
  );
  if (link === undefined)
    throw new Error(`no approve=${approve} link of ${nomineeId}'s request to ${owner.email}`);
  return { nomineeId, sign: link.get("sign") ?? "" };
}

/** What the /accepted-share-request page does: posts the answer with the sign value as the bearer. */
export function postApproval(
  test: TestApp,
  nomineeId: string,
  approve: boolean | string,
  sign: string | null,
) {
  return request(test, {
    method: "POST",
    url: `/api/shared/owner/approve/${nomineeId}/${approve}`,
    ...(sign === null ? {} : { headers: { authorization: `Bearer ${sign}` } }),
  });
}
