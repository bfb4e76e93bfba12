import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { disableUser, enableUser } from "../../auth/user-admin.ts";
import { createdId } from "../../testing/api-writes.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee } from "../../testing/nominee-reads.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const WILL = categoryDef("will");

describe.each(testDialects())("a suspended owner's nominees on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let nora: TestUser;
  let nomineeId: string;
  let willId: string;
  let holderId: string;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, nora] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
    ]);
    const body = await sampleRecord(WILL, sampleRefsOf(test, ann));
    holderId = String(body.holder);
    willId = await createdId(test, ann, `/api/records/${WILL.module}/${WILL.key}`, body);
    nomineeId = await insertReleasedNominee(test, ann, nora, { categories: ["will"] });
  });
  afterAll(() => test.close());

  /** What Nora reads through her grant: the list, the will, its holder (by id), and a search. */
  async function reads(): Promise<number[]> {
    const search = await call(test, nora, "GET", "/api/search?q=example");
    const found = (search.json() as { results: { nomineeId: string | null }[] }).results;
    return [
      (await call(test, nora, "GET", `/api/shared/nominee/${nomineeId}/records/${WILL.module}/${WILL.key}`))
        .statusCode,
      (
        await call(
          test,
          nora,
          "GET",
          `/api/shared/nominee/${nomineeId}/records/${WILL.module}/${WILL.key}/${willId}`,
        )
      ).statusCode,
      (await call(test, nora, "GET", `/api/shared/nominee/person/${holderId}`)).statusCode,
      found.some((result) => result.nomineeId === nomineeId) ? 200 : 404,
    ];
  }

  /** Ann's grant as Nora's Shared with me lists it. */
  async function listed(): Promise<SharedWithMeView | undefined> {
    const list = await call(test, nora, "GET", "/api/shared/with-me");
    expect(list.statusCode).toBe(200);
    return (list.json() as SharedWithMeView[]).find((view) => view.nomineeId === nomineeId);
  }

  it("closes the owner's shared file while the ban holds, and opens it again after, the grant untouched", async () => {
    expect(await reads()).toEqual([200, 200, 200, 200]);
    expect(await listed()).toMatchObject({ status: "released", ownerSuspended: false });

    await disableUser(test.auth, ann.email);
    expect(await reads()).toEqual([404, 404, 404, 404]);
    // Shared with me says why the released file does not open, rather than offering it.
    expect(await listed()).toMatchObject({ status: "released", ownerSuspended: true });

    // A ban whose end has passed holds no more, as for the owner's own sign-in.
    const { internalAdapter } = await test.auth.auth.$context;
    await internalAdapter.updateUser(ann.id, { banned: true, banExpires: new Date(Date.now() - 1_000) });
    expect(await reads()).toEqual([200, 200, 200, 200]);
    expect(await listed()).toMatchObject({ ownerSuspended: false });

    await enableUser(test.auth, ann.email);
    expect(await reads()).toEqual([200, 200, 200, 200]);
    const grant = await test.database.db
      .selectFrom("nominee")
      .select("status")
      .where("id", "=", nomineeId)
      .executeTakeFirstOrThrow();
    expect(grant.status).toBe("released");
  });
});
