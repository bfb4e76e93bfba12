import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, post, type TestUser, uniqueEmail } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { purgeUnverifiedAccounts, UNVERIFIED_ACCOUNT_TTL_MS } from "./unverified-purge.ts";

describe.each(testDialects())("purging unconfirmed sign-ups on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  async function signUp(): Promise<string> {
    const email = uniqueEmail("unconfirmed");
    const answer = await post(test, "/api/auth/sign-up/email", {
      email,
      password: "a long pass phrase 42",
      name: "Eve",
    });
    expect(answer.statusCode).toBe(200);
    return email;
  }
  const exists = async (email: string) =>
    (await test.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()) !==
    undefined;

  it("erases a sign-up never confirmed after the set time, with what it stored, and keeps everyone else", async () => {
    const stale = await signUp();
    const now = Date.now();
    expect(await purgeUnverifiedAccounts(test.database, test.eraser, test.auth.changes, now)).toBe(0);
    expect(await exists(stale)).toBe(true);

    const later = now + UNVERIFIED_ACCOUNT_TTL_MS + 60_000;
    const fresh = await signUp();
    const staleId = (
      await test.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", stale)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      await purgeUnverifiedAccounts(test.database, test.eraser, test.auth.changes, later),
    ).toBeGreaterThanOrEqual(1);
    expect(await exists(stale)).toBe(false);
    const persons = await test.database.db
      .selectFrom("person")
      .select("id")
      .where("owner_id", "=", staleId)
      .execute();
    expect(persons).toEqual([]);
    // A confirmed account stays, however old; an unconfirmed one made now is past the cutoff at `later` too.
    expect(await exists(ann.email)).toBe(true);
    expect(await exists(fresh)).toBe(false);
  });

  it("runs once a day whatever the number of servers, scheduling the next day's", async () => {
    await test.jobs.enqueue(
      "account.purge-unverified",
      { day: 1 },
      { uniqueKey: "account.purge-unverified:1" },
    );
    await test.jobs.enqueue(
      "account.purge-unverified",
      { day: 1 },
      { uniqueKey: "account.purge-unverified:1" },
    );
    const jobs = await test.database.db
      .selectFrom("job")
      .select(["unique_key", "done_at"])
      .where("kind", "=", "account.purge-unverified")
      .execute();
    expect(jobs).toHaveLength(1);
    await test.jobs.runDue();
    const after = await test.database.db
      .selectFrom("job")
      .select(["unique_key", "done_at"])
      .where("kind", "=", "account.purge-unverified")
      .orderBy("unique_key")
      .execute();
    expect(after.map((job) => job.unique_key)).toEqual([
      "account.purge-unverified:1",
      "account.purge-unverified:2",
    ]);
  });
});
