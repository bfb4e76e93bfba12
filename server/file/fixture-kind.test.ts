import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSignedInUser, request, TEST_PASSWORD } from "../testing/identity.ts";
import { readPdf } from "../testing/pdf-reading.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

// The one edit a new kind needs: its descriptor appended to the list.
vi.mock("./kinds.ts", async (importOriginal) => {
  const { FILE_KINDS } = await importOriginal<typeof import("./kinds.ts")>();
  const { sql } = await import("kysely");
  return {
    FILE_KINDS: [
      ...FILE_KINDS,
      {
        kind: "voyage",
        module: "voyages",
        forget: () => async (userId: string, trx: import("kysely").Kysely<unknown>) => {
          await sql`delete from fixture_voyage where owner_id = ${userId}`.execute(trx);
        },
        binder: {
          place: "body",
          chapters: async ({ db, ownerId }: import("./binder/part.ts").BinderPartInput) => {
            const { rows } = await sql<{ id: string; destination: string | null }>`
              select id, destination from fixture_voyage where owner_id = ${ownerId} order by id`.execute(db);
            return [
              {
                key: "voyages",
                title: "Voyages",
                sections: [
                  {
                    title: "Booked voyages",
                    entries: rows.map((row) => ({
                      heading: row.destination ?? row.id,
                      rows: [{ label: "Booking", value: row.id }],
                      comments: [],
                    })),
                  },
                ],
              },
            ];
          },
        },
      },
    ],
  };
});

/** The fixture kind's rows, in a table of its own as a module's would be. */
async function voyagesOf(test: TestApp, ownerId: string): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`select id from fixture_voyage where owner_id = ${ownerId}`.execute(test.database.db);
  return rows.map((row) => row.id);
}

describe.each(testDialects())("a kind added to the list alone, on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    await sql`create table fixture_voyage (id text primary key, owner_id text not null, destination text)`.execute(
      test.database.db,
    );
  });
  afterAll(() => test.close());

  it("is deleted with its account, and another account's rows stay", async () => {
    const [doomed, kept] = await Promise.all([
      createSignedInUser(test, { name: "Dee Leted" }),
      createSignedInUser(test, { name: "Kay Kept" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id) values ('v1', ${doomed.id}), ('v2', ${kept.id})`.execute(
      test.database.db,
    );

    const deleted = await request(test, {
      method: "DELETE",
      url: "/api/account",
      cookie: doomed.cookie,
      payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await voyagesOf(test, doomed.id)).toEqual([]);
    expect(await voyagesOf(test, kept.id)).toEqual(["v2"]);
  });

  it("prints its section in the binder, between the records and the places, with its owner's rows only", async () => {
    const [traveller, other] = await Promise.all([
      createSignedInUser(test, { name: "Tess Traveller" }),
      createSignedInUser(test, { name: "Otto Other" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id, destination) values ('V-LIS-7', ${traveller.id}, 'Lisbon by sea'), ('V-OSL-9', ${other.id}, 'Oslo by train')`.execute(
      test.database.db,
    );
    const address = await request(test, {
      method: "POST",
      url: "/api/address/",
      cookie: traveller.cookie,
      payload: { name: "Harbour flat", addressLine1: "1 Quay Street", city: "Halifax", country: "CA" },
    });
    expect(address.statusCode, address.body).toBe(200);

    const binder = await request(test, { method: "GET", url: "/api/binder", cookie: traveller.cookie });
    expect(binder.statusCode, binder.body.slice(0, 300)).toBe(200);
    const read = await readPdf(binder.rawPayload);
    expect(read.text).toContain("Booked voyages");
    expect(read.text).toContain("Lisbon by sea");
    expect(read.text).toContain("V-LIS-7");
    expect(read.text).not.toContain("Oslo by train");
    const chapters = read.outline.filter((title) => !title.startsWith(" "));
    expect(chapters.indexOf("Voyages")).toBeGreaterThan(-1);
    expect(chapters.indexOf("Voyages")).toBeLessThan(chapters.indexOf("Addresses and institutions"));
  });
});
