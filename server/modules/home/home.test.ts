import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Home } from "../../../domain/schemas/home.ts";
import { categoriesOf, categoryDef } from "../../../domain/sections/index.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee } from "../../testing/nominee-reads.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { recordActivity } from "../activity/activity-log.ts";

const WILLS = "/api/records/inventory/will";
const mark = (module: string, category: string) => `/api/home/not-applicable/${module}/${category}`;

describe.each(testDialects())("the home on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Home" });
    bob = await createSignedInUser(test, { name: "Bob Other" });
  });
  afterAll(() => test.close());

  async function home(user: TestUser): Promise<Home> {
    const response = await call(test, user, "GET", "/api/home");
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const inventoryOf = (answer: Home) => answer.modules.find((module) => module.module === "inventory");

  async function addWill(user: TestUser): Promise<string> {
    const body = await sampleRecord(categoryDef("will"), sampleRefsOf(test, user));
    const response = await call(test, user, "POST", WILLS, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("starts a new file at nothing filled, every declared category counted, personal details first", async () => {
    const answer = await home(ann);
    expect(answer.modules.map((module) => module.module)).toEqual([
      "personaldata",
      "household",
      "employerinfo",
      "inventory",
      "assets",
      "passwordvault",
    ]);
    for (const module of answer.modules) {
      expect(module.filled).toBe(0);
      expect(module.total).toBe(categoriesOf(module.module).length);
      expect(module.categories.map((category) => category.key)).toEqual(
        categoriesOf(module.module).map((category) => category.key),
      );
    }
    expect(answer.next).toEqual([
      { kind: "personalDetails", personId: expect.any(String) },
      { kind: "category", module: "inventory", category: "will" },
      { kind: "category", module: "inventory", category: "poahealth" },
      { kind: "category", module: "inventory", category: "poafinances" },
    ]);
    expect(answer.reminders).toEqual([]);
    expect(answer.nominees).toEqual({ total: 0, accepted: 0, released: 0 });
    expect(answer.binder).toEqual({ lastMadeAt: null });
  });

  it("counts a saved will, and moves the next steps on as the file fills", async () => {
    const id = await addWill(ann);
    const answer = await home(ann);
    expect(inventoryOf(answer)?.filled).toBe(1);
    expect(inventoryOf(answer)?.categories.find((category) => category.key === "will")?.count).toBe(1);
    expect(answer.next).toEqual([
      { kind: "personalDetails", personId: expect.any(String) },
      { kind: "category", module: "inventory", category: "poahealth" },
      { kind: "category", module: "inventory", category: "poafinances" },
      { kind: "emergencyContact", personId: expect.any(String) },
    ]);
    // Bob's file counts none of Ann's.
    expect(inventoryOf(await home(bob))?.filled).toBe(0);
    expect((await call(test, ann, "DELETE", `${WILLS}/${id}`)).statusCode).toBe(204);
  });

  it('leaves a category marked "I don\'t have this" out of the total and the steps, until undone', async () => {
    const before = inventoryOf(await home(ann))?.total ?? 0;
    expect((await call(test, ann, "PUT", mark("inventory", "poahealth"))).statusCode).toBe(204);
    // Marking twice changes nothing.
    expect((await call(test, ann, "PUT", mark("inventory", "poahealth"))).statusCode).toBe(204);
    const marked = await home(ann);
    expect(inventoryOf(marked)?.total).toBe(before - 1);
    expect(inventoryOf(marked)?.categories.find((category) => category.key === "poahealth")).toEqual({
      key: "poahealth",
      count: 0,
      notApplicable: true,
    });
    expect(marked.next.map((step) => step.category ?? step.kind)).toEqual([
      "personalDetails",
      "will",
      "poafinances",
      "emergencyContact",
    ]);
    // Another account's marks are its own.
    expect(inventoryOf(await home(bob))?.total).toBe(before);

    expect((await call(test, ann, "DELETE", mark("inventory", "poahealth"))).statusCode).toBe(204);
    expect(inventoryOf(await home(ann))?.total).toBe(before);
  });

  it("reports nominees and the last whole-file binder, and suggests a binder once there is something in it", async () => {
    const nominee = await createSignedInUser(test, { name: "Nora Nominee" });
    const owner = await createSignedInUser(test, { name: "Olive Owner" });
    await insertReleasedNominee(test, owner, nominee, { modules: ["inventory"] });
    // Details and an emergency contact given, straight in the table: the person form has its own tests.
    const me = await test.database.db
      .selectFrom("person")
      .select("id")
      .where("owner_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    await test.database.db
      .updateTable("person")
      .set({ birthday: Date.UTC(1970, 0, 1) })
      .where("id", "=", me.id)
      .execute();
    const contact = await call(test, owner, "POST", "/api/pn/person", {
      group: "relative",
      type: "sister",
      mainDetails: { firstName: "Ivy" },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    await test.database.db
      .insertInto("person_link")
      .values({ person_id: me.id, kind: "ice", position: 0, linked_person_id: contact.json() })
      .execute();
    for (const category of ["will", "poahealth", "poafinances"])
      await call(test, owner, "PUT", mark("inventory", category));

    expect((await home(owner)).next).toEqual([]);
    expect((await home(owner)).nominees).toEqual({ total: 1, accepted: 1, released: 1 });

    await addWill(owner);
    expect((await home(owner)).next).toEqual([{ kind: "binder" }]);

    const madeAt = Date.UTC(2026, 0, 2);
    await recordActivity(
      test.database.db,
      [{ ownerId: owner.id, actorId: owner.id, kind: "download", subjectKind: "binder", subjectId: "file" }],
      madeAt,
    );
    const after = await home(owner);
    expect(after.binder).toEqual({ lastMadeAt: madeAt });
    expect(after.next).toEqual([]);
  });

  it("answers a field-naming 400 for an unknown module or category, 404 for another module's category", async () => {
    const unknownModule = await call(test, ann, "PUT", mark("garden", "will"));
    expect(unknownModule.statusCode).toBe(400);
    expect(unknownModule.json().error).toMatchObject({
      code: "validation_failed",
      fields: { module: expect.any(String) },
    });
    const unknownCategory = await call(test, ann, "DELETE", mark("inventory", "spaceship"));
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.fields).toHaveProperty("category");
    const otherModule = await call(test, ann, "PUT", mark("household", "will"));
    expect(otherModule.statusCode).toBe(404);
    expect(otherModule.json().error.code).toBe("not_found");
  });

  it("answers 401 to an anonymous caller", async () => {
    for (const [method, url] of [
      ["GET", "/api/home"],
      ["PUT", mark("inventory", "will")],
      ["DELETE", mark("inventory", "will")],
    ] as const) {
      const response = await request(test, { method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
    }
  });

  it("forgets an account's marks with the account", async () => {
    const leaver = await createSignedInUser(test, { name: "Lee Leaver" });
    await call(test, leaver, "PUT", mark("assets", "asset"));
    await test.auth.changes.transaction(test.database.db, (trx) => test.eraser.erase(leaver.id, trx));
    const left = await test.database.db
      .selectFrom("not_applicable")
      .selectAll()
      .where("owner_id", "=", leaver.id)
      .execute();
    expect(left).toEqual([]);
  });
});
