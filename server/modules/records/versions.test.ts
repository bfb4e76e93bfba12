import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../../domain/secrets.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { OPENAPI_PATH } from "../../http/api-docs.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { type RecordInput, sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const bank = categoryDef("asset");
const url = (id?: string) => `/api/records/${bank.module}/${bank.key}${id === undefined ? "" : `/${id}`}`;

describe.each(testDialects())("record versions on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  /** A valid bank account of Ann's (its institution made for it), its nickname and number to vary. */
  let sample: RecordInput;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    sample = await sampleRecord(bank, sampleRefsOf(test, ann));
  });
  afterAll(() => test.close());

  async function createAccount(fields: Record<string, unknown> = {}): Promise<string> {
    const created = await call(test, ann, "POST", url(), { ...sample, accountNickname: "First", ...fields });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers.etag).toBe('"1"');
    return created.json();
  }

  it("answers each read with its version as the ETag, raised by every save", async () => {
    const id = await createAccount();
    const first = await call(test, ann, "GET", url(id));
    expect(first.headers.etag).toBe('"1"');
    expect(first.json()).toMatchObject({ version: 1, changedBy: { id: ann.id, name: "Ann Example" } });

    const saved = await call(
      test,
      ann,
      "PUT",
      url(id),
      { ...sample, accountNickname: "Second Bank" },
      { "if-match": '"1"' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    const second = await call(test, ann, "GET", url(id));
    expect(second.headers.etag).toBe('"2"');
    expect(second.json()).toMatchObject({ version: 2, body: { accountNickname: "Second Bank" } });
  });

  it("refuses a save naming an older version with both versions, secrets masked, and writes nothing", async () => {
    const id = await createAccount({ accountNumber: "stored-secret" });
    const first = await call(
      test,
      ann,
      "PUT",
      url(id),
      { ...sample, accountNickname: "Tab one" },
      { "if-match": '"1"' },
    );
    expect(first.statusCode, first.body).toBe(200);

    const stale = await call(
      test,
      ann,
      "PUT",
      url(id),
      { ...sample, accountNickname: "Tab two", accountNumber: "typed-secret" },
      { "if-match": '"1"' },
    );
    expect(stale.statusCode, stale.body).toBe(409);
    const { error } = stale.json();
    expect(error.code).toBe("edit_conflict");
    expect(error.message).toMatch(/saved this record after you opened it/);
    expect(error.current).toMatchObject({
      id,
      version: 2,
      body: { accountNickname: "Tab one", accountNumber: MASK },
      changedBy: { id: ann.id, name: "Ann Example" },
    });
    expect(error.version).toBe(2);
    expect(error.sent).toMatchObject({ accountNickname: "Tab two", accountNumber: MASK });
    expect(JSON.stringify(error)).not.toMatch(/stored-secret|typed-secret/);

    const read = await call(test, ann, "GET", url(id));
    expect(read.json()).toMatchObject({ version: 2, body: { accountNickname: "Tab one" } });
  });

  it("lets a save without If-Match, or with *, replace whatever version is stored", async () => {
    const id = await createAccount();
    const plain = await call(test, ann, "PUT", url(id), { ...sample, accountNickname: "No header" });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers.etag).toBe('"2"');
    const any = await call(
      test,
      ann,
      "PUT",
      url(id),
      { ...sample, accountNickname: "Any version" },
      { "if-match": "*" },
    );
    expect(any.headers.etag).toBe('"3"');
  });

  it("refuses an If-Match that names no version, naming the header", async () => {
    const id = await createAccount();
    const bad = await call(
      test,
      ann,
      "PUT",
      url(id),
      { ...sample, accountNickname: "x" },
      { "if-match": "yesterday" },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(["if-match"]);
  });

  it("answers 404, not 409, for another account's record whatever the version", async () => {
    const id = await createAccount();
    const bob = await createSignedInUser(test, { name: "Bob Other" });
    const put = await call(
      test,
      bob,
      "PUT",
      url(id),
      { ...sample, accountNickname: "Bob's" },
      { "if-match": '"7"' },
    );
    expect(put.statusCode).toBe(404);
  });

  it("lets exactly one of two saves naming the same version win", async () => {
    const id = await createAccount();
    const saves = await Promise.all(
      ["Left", "Right", "Middle"].map((accountNickname) =>
        call(test, ann, "PUT", url(id), { ...sample, accountNickname }, { "if-match": '"1"' }),
      ),
    );
    const statuses = saves.map((save) => save.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const read = (await call(test, ann, "GET", url(id))).json();
    expect(read.version).toBe(2);
    for (const loser of saves.filter((save) => save.statusCode === 409)) {
      expect(loser.json().error.current.body.accountNickname).toBe(read.body.accountNickname);
    }
  });

  it("names the saver by the account's name as it is now, after a rename too", async () => {
    const bea = await createSignedInUser(test, { name: "Bea Before" });
    const beaSample = await sampleRecord(bank, sampleRefsOf(test, bea));
    const created = await call(test, bea, "POST", url(), { ...beaSample, accountNickname: "Bea's" });
    expect(created.statusCode, created.body).toBe(200);
    const before = await call(test, bea, "GET", url(created.json()));
    expect(before.json().changedBy).toEqual({ id: bea.id, name: "Bea Before" });

    const renamed = await call(test, bea, "POST", "/api/account/save", { name: "Bea After" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await call(test, bea, "GET", url(created.json()));
    expect(after.json().changedBy).toEqual({ id: bea.id, name: "Bea After" });
  });

  it("shows If-Match, the ETag and the 409 in the OpenAPI document", async () => {
    const doc = (await test.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const put = doc.paths[`/api/records/${bank.module}/${bank.key}/{id}`].put;
    expect(put.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "if-match" }));
    expect(put.responses["200"].headers).toHaveProperty("etag");
    expect(
      put.responses["409"].content["application/json"].schema.properties.error.properties,
    ).toHaveProperty("current");
  });
});
