import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse, SearchResult } from "../../../domain/schemas/search.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { createdId } from "../../testing/api-writes.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { insertReleasedNominee, updateNominee } from "../../testing/nominee-reads.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildSearchIndex } from "../../testing/search-index.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const PASSPORT = categoryDef("passport");
const PASSPORTS = "/api/records/personaldata/passport";

describe.each(testDialects())("search on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  const ids = { eric: "", address: "", bank: "", passport: "", document: "" };
  const secretNumber = "ZX-QUOKKA-91";

  async function search(user: TestUser, q: string): Promise<SearchResponse> {
    const response = await call(test, user, "GET", `/api/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const idsOf = (answer: SearchResponse) => answer.results.map((result) => result.id);

  const created = (user: TestUser, url: string, payload: object) => createdId(test, user, url, payload);

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
    ids.eric = await created(ann, "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Éric", lastName: "Lefèvre", socialNumber: "046 454 286" },
      contactDetails: { emails: ["eric.lefevre@example.org"], phones: [] },
    });
    ids.address = await created(ann, "/api/address/", {
      name: "Cottage",
      addressLine1: "12 Rue des Érables",
      city: "Trois-Rivières",
      country: "CA",
    });
    ids.bank = await created(ann, "/api/institutions/", { name: "Banque Laurentienne" });
    ids.passport = await created(ann, PASSPORTS, {
      ...(await sampleRecord(PASSPORT, sampleRefsOf(test, ann))),
      nameOnDocument: "Annabelle Example",
      documentNumber: secretNumber,
    });
    ids.document = await created(ann, "/api/documents", {
      module: "inventory",
      type: "documentlibrary",
      fileName: "deed-of-sale.pdf",
      description: "Notarised copy of the deed",
    });
    // Bob has a person of the same name: Ann never sees it, nor he hers.
    await created(bob, "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Eric", lastName: "Other" },
    });
  });
  afterAll(() => test.close());

  it("finds a person by any case and accents, with the matched field highlighted", async () => {
    for (const q of ["eric", "ÉRIC", "Eri", "lefevre", "éric lef"]) {
      const answer = await search(ann, q);
      expect(idsOf(answer), q).toEqual([ids.eric]);
    }
    const [result] = (await search(ann, "eri")).results;
    expect(result).toEqual<SearchResult>({
      kind: "person",
      module: "personal-network",
      category: "child",
      id: ids.eric,
      title: "Éric Lefèvre",
      match: { field: "firstName", text: "Éric", ranges: [[0, 3]] },
      recordId: null,
      nomineeId: null,
    });
    expect((await search(ann, "example.org")).results[0]?.match.field).toBe("emails");
  });

  it("finds an address, an institution, a record and a document by their fields", async () => {
    expect((await search(ann, "rivieres")).results).toEqual([
      expect.objectContaining({
        kind: "address",
        id: ids.address,
        title: "Cottage",
        match: expect.objectContaining({ field: "city" }),
      }),
    ]);
    expect(idsOf(await search(ann, "erables"))).toEqual([ids.address]);
    expect((await search(ann, "laurent")).results).toEqual([
      expect.objectContaining({ kind: "institution", id: ids.bank, title: "Banque Laurentienne" }),
    ]);
    expect((await search(ann, "annabelle")).results).toEqual([
      expect.objectContaining({
        kind: "record",
        module: "personaldata",
        category: "passport",
        id: ids.passport,
        match: { field: "nameOnDocument", text: "Annabelle Example", ranges: [[0, 9]] },
      }),
    ]);
    expect((await search(ann, "deed")).results).toEqual([
      expect.objectContaining({ kind: "document", id: ids.document, title: "deed-of-sale.pdf" }),
    ]);
    expect((await search(ann, "notarised")).results[0]?.match.field).toBe("description");
  });

  it("finds a category's records by its label in either language", async () => {
    for (const q of ["passport", "Passeport", "passe"]) {
      const answer = await search(ann, q);
      expect(answer.results.find((result) => result.id === ids.passport)?.match.field, q).toBe("category");
    }
    // A category's name narrows the other words, in either language.
    expect(idsOf(await search(ann, "passeport annabelle"))).toEqual([ids.passport]);
    expect(idsOf(await search(ann, "passport anna"))).toEqual([ids.passport]);
    expect(idsOf(await search(ann, "password annabelle"))).toEqual([]);
    const french = await call(test, ann, "GET", "/api/search?q=passeport", undefined, {
      "accept-language": "fr",
    });
    const found = (french.json() as SearchResponse).results.find((result) => result.id === ids.passport);
    expect(found?.match.text).toMatch(/^Passeport|^Passport/);
  });

  it("never finds a secret field, nor stores a searched word in clear", async () => {
    expect((await search(ann, secretNumber)).results).toEqual([]);
    expect((await search(ann, "quokka")).results).toEqual([]);
    expect((await search(ann, "046 454 286")).results).toEqual([]);
    const rows = await test.database.db
      .selectFrom("search_term")
      .selectAll()
      .where("owner_id", "=", ann.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows).toLowerCase();
    for (const word of ["eric", "lefevre", "riviere", "laurent", "annabelle", "deed", "quokka"]) {
      expect(stored).not.toContain(word);
    }
  });

  it("never finds another account's data", async () => {
    expect(idsOf(await search(bob, "eric"))).not.toContain(ids.eric);
    expect((await search(bob, "eric")).results).toHaveLength(1);
    for (const q of ["rivieres", "laurent", "annabelle", "deed"])
      expect((await search(bob, q)).results).toEqual([]);
  });

  it("finds for a released nominee what is released to them, and nothing else", async () => {
    const nora = await createSignedInUser(test, { name: "Nora Nominee" });
    expect((await search(nora, "annabelle")).results).toEqual([]);
    const nomineeId = await insertReleasedNominee(test, ann, nora, { categories: ["passport"] });
    expect((await search(nora, "annabelle")).results).toEqual([
      expect.objectContaining({ kind: "record", id: ids.passport, nomineeId }),
    ]);
    // The passport's holder (Ann's own details) comes with it; her other persons, places and papers do not.
    expect((await search(nora, "example")).results.map((result) => result.kind)).toContain("person");
    for (const q of ["eric", "rivieres", "laurent", "deed", secretNumber]) {
      expect((await search(nora, q)).results, q).toEqual([]);
    }
    await updateNominee(test, nomineeId, { status: "accepted", released_at: null });
    expect((await search(nora, "annabelle")).results).toEqual([]);
  });

  it("finds for a collaborator, in the owner's file, only what their scope covers", async () => {
    const sam = await createSignedInUser(test, { name: "Sam Helper" });
    const invited = await call(test, ann, "POST", "/api/collaborators", {
      email: sam.email,
      firstName: "Sam",
      lastName: "Helper",
      scope: { modules: [], categories: ["passport"] },
      rights: "view",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { id } = invited.json() as { id: string };
    const inAnnsFile = (q: string) => `/api/files/${ann.id}/search?q=${encodeURIComponent(q)}`;
    // Not yet accepted: no file to search.
    expect((await call(test, sam, "GET", inAnnsFile("annabelle"))).statusCode).toBe(404);
    expect((await call(test, sam, "POST", `/api/collaborating/${id}/accept`)).statusCode).toBe(200);

    const found = await call(test, sam, "GET", inAnnsFile("annabelle"));
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers["cache-control"]).toBe("no-store");
    expect((found.json() as SearchResponse).results).toEqual([
      expect.objectContaining({ kind: "record", id: ids.passport, nomineeId: null }),
    ]);
    // The passport's holder comes with it, as for a nominee; the rest of Ann's file never does.
    const holder = await call(test, sam, "GET", inAnnsFile("example"));
    expect((holder.json() as SearchResponse).results.map((result) => result.kind)).toEqual([
      "person",
      "record",
    ]);
    for (const q of ["eric", "rivieres", "laurent", "deed", secretNumber]) {
      const outside = await call(test, sam, "GET", inAnnsFile(q));
      expect(outside.statusCode, q).toBe(200);
      expect((outside.json() as SearchResponse).results, q).toEqual([]);
    }
    // Their own search is theirs: a collaboration shares nothing through it.
    expect((await search(sam, "annabelle")).results).toEqual([]);
    // Nobody else searches Ann's file, and an ended collaboration no longer does.
    expect((await call(test, bob, "GET", inAnnsFile("annabelle"))).statusCode).toBe(404);
    expect((await call(test, null, "GET", inAnnsFile("annabelle"))).statusCode).toBe(401);
    expect((await call(test, ann, "DELETE", `/api/collaborators/${id}`)).statusCode).toBe(204);
    const ended = await call(test, sam, "GET", inAnnsFile("annabelle"));
    expect(ended.statusCode).toBe(404);
    expect(ended.body).not.toContain(ids.passport);
  });

  it("refuses a query too long and finds nothing for one too short", async () => {
    const tooLong = await call(test, ann, "GET", `/api/search?q=${"a".repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toHaveProperty("q");
    expect(await search(ann, "e")).toEqual({ results: [], truncated: false });
    expect(await search(ann, "")).toEqual({ results: [], truncated: false });
    expect((await call(test, null, "GET", "/api/search?q=eric")).statusCode).toBe(401);
  });

  it("follows edits and deletes", async () => {
    await created(ann, "/api/pn/person", {
      id: ids.eric,
      group: "child",
      type: "son",
      mainDetails: { firstName: "Frédéric", lastName: "Lefèvre" },
    });
    expect(idsOf(await search(ann, "frederic"))).toEqual([ids.eric]);
    expect(idsOf(await search(ann, "eric"))).toEqual([]);
    await created(ann, "/api/institutions/", { name: "Caisse Populaire" }).then(async (id) => {
      expect(idsOf(await search(ann, "caisse"))).toEqual([id]);
      expect((await call(test, ann, "DELETE", `/api/institutions/${id}`)).statusCode).toBe(204);
      expect(idsOf(await search(ann, "caisse"))).toEqual([]);
    });
    const renamed = await call(test, ann, "PUT", `${PASSPORTS}/${ids.passport}`, {
      ...(await sampleRecord(PASSPORT, sampleRefsOf(test, ann))),
      nameOnDocument: "Rosalind Example",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(idsOf(await search(ann, "rosalind"))).toEqual([ids.passport]);
    expect(idsOf(await search(ann, "annabelle"))).toEqual([]);
    await created(ann, "/api/documents", {
      id: ids.document,
      module: "inventory",
      type: "documentlibrary",
      fileName: "title-deed.pdf",
      description: "Certified copy",
    });
    expect(idsOf(await search(ann, "certified"))).toEqual([ids.document]);
    expect(idsOf(await search(ann, "notarised"))).toEqual([]);
    await created(ann, "/api/address/", {
      id: ids.address,
      name: "Cottage",
      city: "Sherbrooke",
      country: "CA",
    });
    expect(idsOf(await search(ann, "sherbrooke"))).toEqual([ids.address]);
    expect(idsOf(await search(ann, "rivieres"))).toEqual([]);
    expect((await call(test, ann, "DELETE", `${PASSPORTS}/${ids.passport}`)).statusCode).toBe(204);
    expect(idsOf(await search(ann, "rosalind"))).toEqual([]);
    const terms = await test.database.db
      .selectFrom("search_term")
      .select("subject_id")
      .where("subject_id", "=", ids.passport)
      .execute();
    expect(terms).toEqual([]);
  });

  it("builds the index of rows saved before it, once, and deletes it with the account", async () => {
    await test.database.db.deleteFrom("search_term").where("owner_id", "=", ann.id).execute();
    expect((await search(ann, "frederic")).results).toEqual([]);
    await buildSearchIndex(test);
    const count = async () =>
      (
        await test.database.db
          .selectFrom("search_term")
          .select("hash")
          .where("owner_id", "=", ann.id)
          .execute()
      ).length;
    const after = await count();
    await buildSearchIndex(test);
    expect(await count()).toBe(after);
    expect(idsOf(await search(ann, "frederic"))).toEqual([ids.eric]);
    expect(idsOf(await search(ann, "certified"))).toEqual([ids.document]);

    await test.auth.changes.transaction(test.database.db, (trx) => test.eraser.erase(ann.id, trx));
    expect(await count()).toBe(0);
  });
});
