import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FILE_EXPORT_DOCUMENT } from "../../domain/schemas/file-export.ts";
import type { SearchResponse } from "../../domain/schemas/search.ts";
import { importArchive, unzip, zipOf } from "../testing/archives.ts";
import { collaborate } from "../testing/collaborators.ts";
import { createSignedInUser, request, TEST_PASSWORD, type TestUser } from "../testing/identity.ts";
import { insertReleasedNominee } from "../testing/nominee-reads.ts";
import { readPdf } from "../testing/pdf-reading.ts";
import { call } from "../testing/person-photos.ts";
import { buildSearchIndex } from "../testing/search-index.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

/** A voyage as the fixture kind's part of the archive holds it. */
type Voyage = { id: string; name: string | null; travellerId: string | null };

// The one edit a new kind needs: its descriptor appended to the list.
vi.mock("./kinds.ts", async (importOriginal) => {
  const { FILE_KINDS } = await importOriginal<typeof import("./kinds.ts")>();
  const { sql } = await import("kysely");
  const { z } = await import("zod");
  const { kindPortability } = await import("./kind-portability.ts");
  const { isCategoryKey } = await import("../../domain/sections/index.ts");
  const { isCategoryShared, scopeIncludesCategory } = await import("../../domain/schemas/share.ts");
  const { registerOperation } = await import("../http/operations.ts");
  const { actorOf } = await import("../auth/ownership.ts");
  type Kysely = import("kysely").Kysely<unknown>;
  // A voyage is filed under a record category, and shared with it.
  type Filed = { id: string; category: string | null; title: string };
  const filed = (db: import("kysely").QueryExecutorProvider, ownerId: string) =>
    sql<Filed>`select id, category, title from fixture_voyage where owner_id = ${ownerId}`.execute(db);
  const docOf = (voyage: Filed) => ({
    kind: "voyage",
    id: voyage.id,
    module: "voyages",
    category: voyage.category,
    title: voyage.title,
    fields: [{ field: "title", text: voyage.title }],
  });
  const voyagesOf = (db: import("kysely").Kysely<import("../db/schema.ts").DB>, ownerId: string) =>
    sql<Voyage>`select id, name, traveller_id as "travellerId" from fixture_voyage
      where owner_id = ${ownerId} order by name`.execute(db);
  return {
    FILE_KINDS: [
      ...FILE_KINDS,
      {
        kind: "voyage",
        module: "voyages",
        search: (db: Kysely) => ({
          kind: "voyage",
          read: async (ownerId: string, ids: readonly string[]) =>
            (await filed(db, ownerId)).rows.filter((voyage) => ids.includes(voyage.id)).map(docOf),
          readAll: async (ownerId: string) => (await filed(db, ownerId)).rows.map(docOf),
        }),
        forget: () => async (userId: string, trx: import("kysely").Kysely<unknown>) => {
          await sql`delete from fixture_voyage where owner_id = ${userId}`.execute(trx);
        },
        portability: kindPortability({
          part: "voyages",
          read: async ({ db }, ownerId) => (await voyagesOf(db, ownerId)).rows,
          entry: z.object({
            id: z.string(),
            name: z.string().nullable(),
            travellerId: z.string().nullable(),
          }),
          holds: async ({ db }, ownerId) => (await voyagesOf(db, ownerId)).rows.length > 0,
          after: ["person"],
          prepare: async (context, voyages) => ({
            async insert(trx) {
              for (const voyage of voyages) {
                await sql`insert into fixture_voyage (id, owner_id, name, traveller_id) values
                  (${context.newId(voyage.id)}, ${context.ownerId}, ${voyage.name},
                  ${context.idOf("person", voyage.travellerId)})`.execute(trx);
              }
            },
          }),
        }),
        binder: {
          place: "body",
          chapters: async ({ db, ownerId }: import("./binder/part.ts").BinderPartInput) => {
            const { rows } = await sql<{ id: string; name: string | null }>`
              select id, name from fixture_voyage where owner_id = ${ownerId} order by id`.execute(db);
            return [
              {
                key: "voyages",
                title: "Voyages",
                sections: [
                  {
                    title: "Booked voyages",
                    entries: rows.map((row) => ({
                      heading: row.name ?? row.id,
                      rows: [{ label: "Booking", value: row.id }],
                      comments: [],
                    })),
                  },
                ],
              },
            ];
          },
        },
        sharing: ({ db }: { db: Kysely }) => ({
          async covers(ownerId: string, scope: import("../../domain/schemas/share.ts").ShareScope) {
            const shared = (await filed(db, ownerId)).rows.filter(
              (voyage) =>
                voyage.category !== null &&
                isCategoryKey(voyage.category) &&
                scopeIncludesCategory(scope, voyage.category),
            );
            return { rows: new Set(shared.map((voyage) => voyage.id)) };
          },
        }),
        // Its one route, the voyages filed under a category: opened to a collaborator with the category.
        routes: {
          areas: ["voyages"],
          opens: (
            scope: import("../../domain/schemas/share.ts").ShareScope,
            { params }: import("./kind.ts").FileRouteCall,
          ) => params.category !== undefined && isCategoryShared(scope, params.category),
          mount: async (
            app: import("fastify").FastifyInstance,
            { database }: import("./kind.ts").KindRouteContext,
          ) => {
            registerOperation(
              app,
              { method: "GET", path: "/api/voyages/:category", access: "user", status: 200 },
              { params: z.object({ category: z.string() }), response: z.array(z.string()) },
              async (request) =>
                (await filed(database.db, actorOf(request).userId)).rows
                  .filter((voyage) => voyage.category === request.params.category)
                  .map((voyage) => voyage.id),
            );
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
    await sql`create table fixture_voyage (id text primary key, owner_id text not null, name text,
      traveller_id text, category text, title text not null default '')`.execute(test.database.db);
  });
  afterAll(() => test.close());

  /** GET /api/export: the archive, and its JSON document. */
  const exportOf = async (user: TestUser) => {
    const response = await request(test, { method: "GET", url: "/api/export", cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    const document = JSON.parse(String(entries.get(FILE_EXPORT_DOCUMENT)));
    return {
      archive: response.rawPayload,
      entries,
      document: document as { persons: { id: string; group: string }[]; voyages?: Voyage[] },
    };
  };
  const ownIdIn = (document: { persons: { id: string; group: string }[] }) =>
    document.persons.find((person) => person.group === "me")?.id;

  async function search(user: TestUser, url: string): Promise<SearchResponse["results"]> {
    const response = await call(test, user, "GET", url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SearchResponse).results;
  }

  it("is searched, and shown to a nominee or a collaborator whose scope covers it, never otherwise", async () => {
    const [owner, nora, olga, sam] = await Promise.all([
      createSignedInUser(test, { name: "Vera Voyager" }),
      createSignedInUser(test, { name: "Nora Nominee" }),
      createSignedInUser(test, { name: "Olga Outside" }),
      createSignedInUser(test, { name: "Sam Helper" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id, category, title) values ('v-lisbon', ${owner.id}, 'passport', 'Lisbon crossing'), ('v-lima', ${owner.id}, 'will', 'Lima crossing')`.execute(
      test.database.db,
    );
    await buildSearchIndex(test);

    const own = await search(owner, "/api/search?q=crossing");
    expect(own.map((result) => [result.kind, result.id, result.nomineeId])).toEqual([
      ["voyage", "v-lima", null],
      ["voyage", "v-lisbon", null],
    ]);

    const grant = await insertReleasedNominee(test, owner, nora, { categories: ["passport"] });
    await insertReleasedNominee(test, owner, olga, { categories: ["pet"] });
    expect(
      (await search(nora, "/api/search?q=crossing")).map((result) => [result.id, result.nomineeId]),
    ).toEqual([["v-lisbon", grant]]);
    expect(await search(olga, "/api/search?q=crossing")).toEqual([]);

    await collaborate(test, owner, sam, { modules: [], categories: ["will"] });
    const inFile = await search(sam, `/api/files/${owner.id}/search?q=crossing`);
    expect(inFile.map((result) => [result.kind, result.id])).toEqual([["voyage", "v-lima"]]);
  });

  it("opens its routes in the owner's file to a collaborator whose scope covers them, 404 outside", async () => {
    const [owner, sam, pat] = await Promise.all([
      createSignedInUser(test, { name: "Vera Voyager" }),
      createSignedInUser(test, { name: "Sam Helper" }),
      createSignedInUser(test, { name: "Pat Pets" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id, category) values ('v-rome', ${owner.id}, 'passport'), ('v-oslo', ${owner.id}, 'will')`.execute(
      test.database.db,
    );
    await collaborate(test, owner, sam, { modules: [], categories: ["passport"] });
    await collaborate(test, owner, pat, { modules: [], categories: ["pet"] });
    const voyages = (who: TestUser, url: string) => call(test, who, "GET", url);

    expect((await voyages(owner, "/api/voyages/passport")).json()).toEqual(["v-rome"]);
    const inScope = await voyages(sam, `/api/files/${owner.id}/voyages/passport`);
    expect(inScope.statusCode, inScope.body).toBe(200);
    expect(inScope.json()).toEqual(["v-rome"]);
    expect((await voyages(sam, `/api/files/${owner.id}/voyages/will`)).statusCode).toBe(404);
    expect((await voyages(pat, `/api/files/${owner.id}/voyages/passport`)).statusCode).toBe(404);
  });

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

  it("is in the export, and an import restores it under a new id, its references rewritten", async () => {
    const owner = await createSignedInUser(test, { name: "Vera Voyager" });
    const ownerMe = ownIdIn((await exportOf(owner)).document);
    const voyageId = randomUUID();
    await sql`insert into fixture_voyage (id, owner_id, name, traveller_id)
      values (${voyageId}, ${owner.id}, 'Lisbon', ${ownerMe})`.execute(test.database.db);

    const exported = await exportOf(owner);
    expect(exported.document.voyages).toEqual([{ id: voyageId, name: "Lisbon", travellerId: ownerMe }]);

    const fresh = await createSignedInUser(test, { name: "Nico New" });
    const imported = await importArchive(test, fresh, exported.archive);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ persons: 1, voyages: 1 });
    const again = (await exportOf(fresh)).document;
    // The archive's "me" is the account's own: the voyage now names it.
    expect(again.voyages).toEqual([{ id: expect.any(String), name: "Lisbon", travellerId: ownIdIn(again) }]);
    expect(again.voyages?.[0]?.id).not.toBe(voyageId);
    expect(ownIdIn(again)).not.toBe(ownerMe);

    // A file holding the kind's rows is not empty: an import into it is refused.
    expect((await importArchive(test, fresh, exported.archive)).statusCode).toBe(409);
  });

  it("leaves an archive exported before the kind existed importable", async () => {
    const before = await exportOf(await createSignedInUser(test, { name: "Olga Older" }));
    const { voyages: _none, ...document } = before.document;
    const archive = await zipOf(new Map([[FILE_EXPORT_DOCUMENT, JSON.stringify(document)]]));

    const fresh = await createSignedInUser(test, { name: "Nell Newer" });
    const imported = await importArchive(test, fresh, archive);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ persons: 1, voyages: 0 });
    expect(await voyagesOf(test, fresh.id)).toEqual([]);
  });

  it("prints its section in the binder, between the records and the places, with its owner's rows only", async () => {
    const [traveller, other] = await Promise.all([
      createSignedInUser(test, { name: "Tess Traveller" }),
      createSignedInUser(test, { name: "Otto Other" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id, name) values ('V-LIS-7', ${traveller.id}, 'Lisbon by sea'), ('V-OSL-9', ${other.id}, 'Oslo by train')`.execute(
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
