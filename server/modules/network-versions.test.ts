import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../domain/secrets.ts";
import { OPENAPI_PATH } from "../http/api-docs.ts";
import { collaborate } from "../testing/collaborators.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { personVcard, uploadVcard } from "../testing/vcard-upload.ts";

/** How one kind of the personal network is saved and read, and which of its fields a test varies. */
type Kind = {
  name: string;
  /** The body of a save naming `name` (and the id, when it replaces). */
  body: (name: string, id?: string) => Record<string, unknown>;
  save: { method: "POST" | "PUT"; url: (id?: string) => string };
  /** The id a create answered. */
  idOf: (answer: unknown) => string;
  read: (id: string) => string;
  /** The varied field, as a read or a 409's `current` answers it. */
  nameOf: (answer: Record<string, unknown>) => unknown;
};

const KINDS: Kind[] = [
  {
    name: "person",
    body: (firstName, id) => ({
      ...(id === undefined ? {} : { id }),
      group: "child",
      type: "daughter",
      mainDetails: { firstName },
    }),
    save: { method: "POST", url: () => "/api/pn/person" },
    idOf: (answer) => answer as string,
    read: (id) => `/api/pn/person/child/${id}`,
    nameOf: (answer) => (answer.mainDetails as { firstName: unknown }).firstName,
  },
  {
    name: "address",
    body: (name, id) => ({ ...(id === undefined ? {} : { id }), name, city: "Montréal" }),
    save: { method: "POST", url: () => "/api/address/" },
    idOf: (answer) => (answer as { id: string }).id,
    read: () => "/api/address/",
    nameOf: (answer) => answer.name,
  },
  {
    name: "company",
    body: (name) => ({ name }),
    save: {
      method: "PUT",
      url: (id) => (id === undefined ? "/api/institutions/" : `/api/institutions/${id}`),
    },
    idOf: (answer) => (answer as { id: string }).id,
    read: (id) => `/api/institutions/${id}`,
    nameOf: (answer) => answer.name,
  },
];

describe.each(testDialects())("versions of persons, addresses and companies on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  /** Names stay unique across the file (address nicknames must be). */
  let serial = 0;
  const unique = (name: string) => `${name} ${++serial}`;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  describe.each(KINDS)("a $name", (kind) => {
    const save = (id: string, name: string, headers: Record<string, string> = {}, user = ann) =>
      call(test, user, kind.save.method, kind.save.url(id), kind.body(name, id), headers);

    async function create(): Promise<string> {
      const created = await call(test, ann, "POST", kind.save.url(), kind.body(unique("First")));
      expect(created.statusCode, created.body).toBe(200);
      expect(created.headers.etag).toBe('"1"');
      return kind.idOf(created.json());
    }

    /** The stored row and its ETag; the address book has no read of one, so its list answers. */
    async function read(id: string): Promise<{ etag: unknown; row: Record<string, unknown> }> {
      const answer = await call(test, ann, "GET", kind.read(id));
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      const row = Array.isArray(body) ? body.find((item: { id: string }) => item.id === id) : body;
      return { etag: Array.isArray(body) ? undefined : answer.headers.etag, row };
    }

    it("answers its version as the ETag, raised by every save", async () => {
      const id = await create();
      if (kind.name !== "address") expect((await read(id)).etag).toBe('"1"');
      const saved = await save(id, "Second", { "if-match": '"1"' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.headers.etag).toBe('"2"');
      const after = await read(id);
      if (kind.name !== "address") expect(after.etag).toBe('"2"');
      expect(kind.nameOf(after.row)).toBe("Second");
    });

    it("refuses a save naming an older version with both versions, and writes nothing", async () => {
      const id = await create();
      expect((await save(id, "Tab one", { "if-match": '"1"' })).statusCode).toBe(200);
      const stale = await save(id, "Tab two", { "if-match": '"1"' });
      expect(stale.statusCode, stale.body).toBe(409);
      const { error } = stale.json();
      expect(error.code).toBe("edit_conflict");
      expect(error.message).toMatch(/saved this record after you opened it/);
      expect(kind.nameOf(error.current)).toBe("Tab one");
      // The stored version, for a save that replaces it after all.
      expect(error.version).toBe(2);
      expect(kind.nameOf(error.sent)).toBe("Tab two");
      expect(kind.nameOf((await read(id)).row)).toBe("Tab one");
    });

    it("lets a save without If-Match, or with *, replace whatever version is stored", async () => {
      const id = await create();
      const plain = await save(id, "No header");
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers.etag).toBe('"2"');
      expect((await save(id, "Any version", { "if-match": "*" })).headers.etag).toBe('"3"');
    });

    it("refuses an If-Match that names no version, naming the header", async () => {
      const id = await create();
      const bad = await save(id, "x", { "if-match": "yesterday" });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields ?? {})).toEqual(["if-match"]);
    });

    it("answers 404, not 409, for another account's row whatever the version", async () => {
      const id = await create();
      const bob = await createSignedInUser(test, { name: "Bob Other" });
      expect((await save(id, unique("Bob's"), { "if-match": '"7"' }, bob)).statusCode).toBe(404);
    });

    it("names who saved it last: a collaborator in the owner's file, the owner, nobody once deleted", async () => {
      const sam = await createSignedInUser(test, { name: "Sam Haddad" });
      await collaborate(test, ann, sam, { modules: ["personal-network"], categories: [] }, "edit");
      const id = await create();
      const changedBy = async () => (await read(id)).row.changedBy;
      expect(await changedBy()).toEqual({ id: ann.id, name: "Ann Example" });

      const inFile = kind.save.url(id).replace(/^\/api/, `/api/files/${ann.id}`);
      const bySam = await call(test, sam, kind.save.method, inFile, kind.body(unique("By Sam"), id));
      expect(bySam.statusCode, bySam.body).toBe(200);
      const seen = await read(id);
      expect(seen.row.changedBy).toEqual({ id: sam.id, name: "Sam Haddad" });
      expect(seen.row.updateTime).toEqual(expect.any(Number));
      // The collaborator reads the same line in the owner's file.
      const theirs = await call(test, sam, "GET", kind.read(id).replace(/^\/api/, `/api/files/${ann.id}`));
      expect(JSON.stringify(theirs.json())).toContain(sam.id);

      expect((await save(id, unique("By Ann"))).statusCode).toBe(200);
      expect(await changedBy()).toEqual({ id: ann.id, name: "Ann Example" });

      expect(
        (await call(test, sam, kind.save.method, inFile, kind.body(unique("Sam again"), id))).statusCode,
      ).toBe(200);
      const deleted = await call(test, sam, "DELETE", "/api/account", {
        password: sam.password,
        confirmation: "DELETE",
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await changedBy()).toBeNull();
    });

    it("lets exactly one of three saves naming the same version win", async () => {
      const id = await create();
      const names = ["Left", "Right", "Middle"].map(unique);
      const saves = await Promise.all(names.map((name) => save(id, name, { "if-match": '"1"' })));
      expect(saves.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const stored = kind.nameOf((await read(id)).row);
      expect(names).toContain(stored);
      for (const loser of saves.filter((answer) => answer.statusCode === 409)) {
        expect(kind.nameOf(loser.json().error.current)).toBe(stored);
      }
    });
  });

  it("names the collaborator who imported a vCard in the owner's file, on the person and its address", async () => {
    const sam = await createSignedInUser(test, { name: "Sam Haddad" });
    await collaborate(test, ann, sam, { modules: ["personal-network"], categories: [] }, "edit");
    const card = personVcard([
      "FN:Zed Imported",
      "N:Imported;Zed;;;",
      "ADR;TYPE=home:;;9 Other Street;Ottawa;ON;K1A 0A1;Canada",
    ]);
    const imported = await uploadVcard(test, sam, `/api/files/${ann.id}/pn/person/vcard`, card);
    expect(imported.statusCode, imported.body).toBe(200);
    const [{ id }] = imported.json().created;
    const person = (await call(test, ann, "GET", `/api/pn/person/networkperson/${id}`)).json();
    const bySam = { id: sam.id, name: "Sam Haddad" };
    expect(person.changedBy).toEqual(bySam);
    const addresses: { id: string; changedBy: unknown }[] = (
      await call(test, ann, "GET", "/api/address/")
    ).json();
    expect(addresses.find((address) => address.id === person.homeAddress)?.changedBy).toEqual(bySam);
  });

  it("masks the social number in both versions of a person's conflict", async () => {
    const url = "/api/pn/person";
    const person = (socialNumber: string, id?: string) => ({
      ...(id === undefined ? {} : { id }),
      group: "child",
      type: "daughter",
      mainDetails: { firstName: "Sec", socialNumber },
    });
    const created = await call(test, ann, "POST", url, person("stored-secret"));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json();
    const kept = await call(test, ann, "POST", url, person(MASK, id), { "if-match": '"1"' });
    expect(kept.statusCode, kept.body).toBe(200);
    const stale = await call(test, ann, "POST", url, person("typed-secret", id), { "if-match": '"1"' });
    expect(stale.statusCode, stale.body).toBe(409);
    const { error } = stale.json();
    expect(error.current.mainDetails.socialNumber).toBe(MASK);
    expect(error.sent.mainDetails.socialNumber).toBe(MASK);
    expect(JSON.stringify(error)).not.toMatch(/stored-secret|typed-secret/);
  });

  it("shows If-Match, the ETag and the 409 in the OpenAPI document", async () => {
    const doc = (await test.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    for (const save of [
      doc.paths["/api/pn/person"].post,
      doc.paths["/api/address/"].post,
      doc.paths["/api/institutions/{id}"].put,
    ]) {
      expect(save.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "if-match" }));
      expect(save.responses["200"].headers).toHaveProperty("etag");
      const conflict = save.responses["409"].content["application/json"].schema;
      // The address book's 409 is either an edit conflict or a nickname already taken.
      const shapes: { properties: { error: { properties: object } } }[] = conflict.anyOf ?? [conflict];
      expect(shapes.map((shape) => Object.keys(shape.properties.error.properties))).toContainEqual(
        expect.arrayContaining(["current", "version", "sent"]),
      );
    }
  });
});
