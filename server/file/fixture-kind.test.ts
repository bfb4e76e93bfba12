import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchResponse } from "../../domain/schemas/search.ts";
import { createDataKeys } from "../crypto/data-keys.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import { searchIndexHandlers } from "../modules/search/index-build.ts";
import { createSignedInUser, request, TEST_PASSWORD, type TestUser } from "../testing/identity.ts";
import { insertReleasedNominee } from "../testing/nominee-reads.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";

// The one edit a new kind needs: its descriptor appended to the list. A voyage is filed under a
// record category, and shared with it.
vi.mock("./kinds.ts", async (importOriginal) => {
  const { FILE_KINDS } = await importOriginal<typeof import("./kinds.ts")>();
  const { sql } = await import("kysely");
  const { isCategoryKey } = await import("../../domain/sections/index.ts");
  const { scopeIncludesCategory } = await import("../../domain/schemas/share.ts");
  type Kysely = import("kysely").Kysely<unknown>;
  type Voyage = { id: string; category: string; title: string };
  const voyages = (db: Kysely, ownerId: string) =>
    sql<Voyage>`select id, category, title from fixture_voyage where owner_id = ${ownerId}`.execute(db);
  const docOf = (voyage: Voyage) => ({
    kind: "voyage",
    id: voyage.id,
    module: "voyages",
    category: voyage.category,
    title: voyage.title,
    fields: [{ field: "title", text: voyage.title }],
  });
  return {
    FILE_KINDS: [
      ...FILE_KINDS,
      {
        kind: "voyage",
        module: "voyages",
        search: (db: Kysely) => ({
          kind: "voyage",
          read: async (ownerId: string, ids: readonly string[]) =>
            (await voyages(db, ownerId)).rows.filter((voyage) => ids.includes(voyage.id)).map(docOf),
          readAll: async (ownerId: string) => (await voyages(db, ownerId)).rows.map(docOf),
        }),
        forget: () => async (userId: string, trx: Kysely) => {
          await sql`delete from fixture_voyage where owner_id = ${userId}`.execute(trx);
        },
        sharing: ({ db }: { db: Kysely }) => ({
          async covers(ownerId: string, scope: import("../../domain/schemas/share.ts").ShareScope) {
            const shared = (await voyages(db, ownerId)).rows.filter(
              (voyage) => isCategoryKey(voyage.category) && scopeIncludesCategory(scope, voyage.category),
            );
            return { rows: new Set(shared.map((voyage) => voyage.id)) };
          },
        }),
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
    await sql`create table fixture_voyage (id text primary key, owner_id text not null, category text not null, title text not null)`.execute(
      test.database.db,
    );
  });
  afterAll(() => test.close());

  /** The index's build, as the start-up job runs it: the voyages' words are indexed with the rest. */
  async function buildIndex(): Promise<void> {
    const dataKeys = createDataKeys({
      db: test.database.db,
      masterKeys: loadMasterKeyring({ config: test.config, logger: { warn() {} } }),
    });
    const build = searchIndexHandlers({ database: test.database, dataKeys })["search.build-index"];
    const context = {
      jobId: "build",
      kind: "search.build-index",
      attempt: 1,
      maxAttempts: 1,
      isLastAttempt: true,
    };
    await build({}, context as never);
  }

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
    await buildIndex();

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

    const invited = await call(test, owner, "POST", "/api/collaborators", {
      email: sam.email,
      firstName: "Sam",
      lastName: "Helper",
      scope: { modules: [], categories: ["will"] },
      rights: "view",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { id } = invited.json() as { id: string };
    expect((await call(test, sam, "POST", `/api/collaborating/${id}/accept`)).statusCode).toBe(200);
    const inFile = await search(sam, `/api/files/${owner.id}/search?q=crossing`);
    expect(inFile.map((result) => [result.kind, result.id])).toEqual([["voyage", "v-lima"]]);
  });

  it("is deleted with its account, and another account's rows stay", async () => {
    const [doomed, kept] = await Promise.all([
      createSignedInUser(test, { name: "Dee Leted" }),
      createSignedInUser(test, { name: "Kay Kept" }),
    ]);
    await sql`insert into fixture_voyage (id, owner_id, category, title) values ('v1', ${doomed.id}, 'pet', 'One'), ('v2', ${kept.id}, 'pet', 'Two')`.execute(
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
});
