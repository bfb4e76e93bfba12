import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BOAT } from "../../../domain/testing/declaredCategory.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee } from "../../testing/nominee-reads.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

// The one edit of domain/sections/README.md's guide: a category appended to its module's file.
vi.mock("../../../domain/sections/household.ts", async (importOriginal) => {
  const { withBoat } = await import("../../../domain/testing/declaredCategory.ts");
  return withBoat(await importOriginal<typeof import("../../../domain/sections/household.ts")>());
});

const DAY_MS = 86_400_000;
const BOATS = "/api/records/household/boat";

describe.each(testDialects())("a category added by its declaration alone, on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let nora: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, nora] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
    ]);
  });
  afterAll(() => test.close());

  it("is saved and listed through the API, reminded of, and read by a nominee it is shared with", async () => {
    const today = new Date();
    const expiry = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + 30 * DAY_MS;
    const body = {
      ...(await sampleRecord(BOAT, sampleRefsOf(test, ann))),
      name: "Sea Breeze",
      registrationExpiry: expiry,
    };
    const created = await call(test, ann, "POST", BOATS, body);
    expect(created.statusCode, created.body).toBe(200);
    const id: string = created.json();

    const list = await call(test, ann, "GET", BOATS);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().map((row: { id: string; columns: { name?: string } }) => [row.id, row.columns.name]),
    ).toEqual([[id, "Sea Breeze"]]);
    expect((await call(test, ann, "GET", "/api/records/household/count")).json()).toMatchObject({ boat: 1 });

    const reminders = (await call(test, ann, "GET", "/api/reminders")).json();
    expect(reminders).toContainEqual(
      expect.objectContaining({
        recordId: id,
        module: "household",
        category: "boat",
        field: "registrationExpiry",
      }),
    );

    const grant = await insertReleasedNominee(test, ann, nora, { categories: ["boat" as never] });
    const shared = await call(test, nora, "GET", `/api/shared/nominee/${grant}/records/household/boat/${id}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().body.name).toBe("Sea Breeze");
    // Refused as any other field: the declaration's required name.
    const nameless = await call(test, ann, "POST", BOATS, { ...body, name: "" });
    expect(nameless.statusCode).toBe(400);
  });
});
