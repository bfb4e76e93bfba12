import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK } from "../../../domain/secrets.ts";
import {
  CATEGORIES,
  categoriesOf,
  listColumns,
  referenceFields,
  secretFields,
} from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import { type RecordBody, recordSchema } from "../../../domain/sections/schema.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { SQLITE_FILE } from "../../db/database.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import {
  type RecordInput,
  type SampleRefs,
  sampleRecord,
  sampleRefsOf,
} from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const urlOf = (category: CategoryDef, id?: string) =>
  `/api/records/${category.module}/${category.key}${id === undefined ? "" : `/${id}`}`;

/** What GET one answers for a body the schema accepted: every secret holding a value masked. */
function expectedView(category: CategoryDef, input: RecordInput) {
  const body: RecordBody = { ...recordSchema(category).parse(input) };
  const maskedFields: string[] = [];
  for (const field of secretFields(category)) {
    if (body[field.key] !== null) {
      body[field.key] = MASK;
      maskedFields.push(field.key);
    }
  }
  return { body, maskedFields };
}

function withoutField(body: RecordInput, key: string): RecordInput {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

describe.each(testDialects())("records API on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let annRefs: SampleRefs;
  /** Ann's minimal record of each category, with the body it was created from. */
  const created = new Map<string, { id: string; input: RecordInput }>();
  /** Ann's complete record of each category (after the update test). */
  const complete = new Map<string, RecordInput>();

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
    annRefs = sampleRefsOf(test, ann);
  });
  afterAll(() => test.close());

  it("gives every declared category its routes", () => {
    const urls = new Set(test.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    for (const category of CATEGORIES) {
      for (const route of ["GET", "POST"]) expect(urls).toContain(`${route} ${urlOf(category)}`);
      for (const route of ["GET", "PUT", "DELETE"])
        expect(urls).toContain(`${route} ${urlOf(category, ":id")}`);
    }
  });

  it("creates a minimal record of every category, reads it back masked and lists its columns", async () => {
    for (const category of CATEGORIES) {
      const input = await sampleRecord(category, annRefs);
      const response = await call(test, ann, "POST", urlOf(category), input);
      expect(response.statusCode, `${category.key}: ${response.body}`).toBe(200);
      const id = response.json();
      expect(id, category.key).toMatch(/^[0-9a-f-]{36}$/);
      created.set(category.key, { id, input });

      const read = await call(test, ann, "GET", urlOf(category, id));
      expect(read.statusCode, category.key).toBe(200);
      expect(read.headers["cache-control"]).toBe("no-store");
      expect(read.json(), category.key).toEqual({
        id,
        module: category.module,
        category: category.key,
        createTime: expect.any(Number),
        updateTime: expect.any(Number),
        version: 1,
        changedBy: { id: ann.id, name: "Ann Example" },
        ...expectedView(category, input),
      });

      const list = await call(test, ann, "GET", urlOf(category));
      expect(list.statusCode, category.key).toBe(200);
      const row = list.json().find((item: { id: string }) => item.id === id);
      expect(row, category.key).toMatchObject({ id, category: category.key, createTime: expect.any(Number) });
      expect(Object.keys(row.columns).sort(), category.key).toEqual(
        listColumns(category)
          .map((field) => field.key)
          .sort(),
      );
      for (const field of listColumns(category)) {
        const cell = row.columns[field.key];
        const sent = input[field.key];
        if (field.type === "secret") expect(cell, field.key).toBe(sent ? MASK : null);
        else if (
          field.type === "personRef" ||
          field.type === "addressRef" ||
          field.type === "institutionRef"
        ) {
          expect(cell, `${category.key}.${field.key}`).toEqual(
            sent ? { id: sent, name: expect.any(String) } : null,
          );
        }
      }
    }
  });

  it("names persons, addresses and institutions in list columns", async () => {
    const passport = CATEGORIES.find((category) => category.key === "passport");
    if (passport === undefined) throw new Error("no passport category");
    const list = (await call(test, ann, "GET", urlOf(passport))).json();
    expect(list[0].columns.holder).toEqual({ id: expect.any(String), name: "Ann Example" });
  });

  it("replaces every category's body with every field filled, keeping secrets sent back masked", async () => {
    for (const category of CATEGORIES) {
      const record = created.get(category.key);
      if (record === undefined) throw new Error(`${category.key} was not created`);
      const input = await sampleRecord(category, annRefs, { complete: true });
      const put = await call(test, ann, "PUT", urlOf(category, record.id), input);
      expect(put.statusCode, `${category.key}: ${put.body}`).toBe(200);
      expect(put.json()).toBe(record.id);
      complete.set(category.key, input);

      const read = (await call(test, ann, "GET", urlOf(category, record.id))).json();
      expect(read, category.key).toMatchObject(expectedView(category, input));
      expect(read.updateTime).toBeGreaterThanOrEqual(read.createTime);

      const secrets = secretFields(category);
      if (secrets.length === 0) continue;
      // The form sends back what it was given (secrets masked) or leaves them out: nothing is wiped.
      const secretKeys = secrets.map((field) => field.key);
      const echoed = { ...read.body };
      delete echoed[secretKeys[0] ?? ""];
      expect(
        (await call(test, ann, "PUT", urlOf(category, record.id), echoed)).statusCode,
        category.key,
      ).toBe(200);
      const revealed = await call(
        test,
        ann,
        "GET",
        `${urlOf(category, record.id)}?reveal=${secretKeys.join(",")}`,
      );
      for (const key of secretKeys)
        expect(revealed.json().body[key], `${category.key}.${key}`).toBe(input[key]);
      expect(revealed.json().maskedFields).toEqual([]);
    }
  });

  it("clears a secret sent as null", async () => {
    const category = CATEGORIES.find((each) => secretFields(each).some((field) => !field.required));
    if (category === undefined) throw new Error("no optional secret field");
    const record = created.get(category.key);
    const field = secretFields(category).find((each) => !each.required);
    if (record === undefined || field === undefined) throw new Error("no record");
    const body = { ...complete.get(category.key), [field.key]: null };
    expect((await call(test, ann, "PUT", urlOf(category, record.id), body)).statusCode).toBe(200);
    const read = (await call(test, ann, "GET", `${urlOf(category, record.id)}?reveal=${field.key}`)).json();
    expect(read.body[field.key]).toBeNull();
    expect(read.maskedFields).not.toContain(field.key);
    // Put it back for the tests that look for it.
    await call(test, ann, "PUT", urlOf(category, record.id), complete.get(category.key));
  });

  it("counts every category of each module, zeros included", async () => {
    const carol = await createSignedInUser(test, { name: "Carol" });
    for (const module of RECORD_MODULES) {
      const keys = categoriesOf(module).map((category) => category.key);
      const counts = (await call(test, ann, "GET", `/api/records/${module}/count`)).json();
      expect(Object.keys(counts).sort(), module).toEqual([...keys].sort());
      for (const key of keys) {
        const category = categoriesOf(module).find((each) => each.key === key);
        if (category === undefined) continue;
        const listed = (await call(test, ann, "GET", urlOf(category))).json();
        expect(counts[key], key).toBe(listed.length);
        expect(counts[key], key).toBeGreaterThan(0);
      }
      const empty = (await call(test, carol, "GET", `/api/records/${module}/count`)).json();
      expect(empty).toEqual(Object.fromEntries(keys.map((key) => [key, 0])));
    }
  });

  it("refuses a missing required field and a 257-character text, naming the field", async () => {
    const withText = CATEGORIES.filter((category) => category.fields.some((field) => field.type === "text"));
    expect(withText.length).toBeGreaterThan(30);
    let textChecks = 0;
    for (const category of CATEGORIES) {
      const input = await sampleRecord(category, annRefs);
      for (const field of category.fields.filter((each) => each.required)) {
        const response = await call(test, ann, "POST", urlOf(category), withoutField(input, field.key));
        expect(response.statusCode, `${category.key}.${field.key}`).toBe(400);
        expect(response.json().error.fields[field.key], `${category.key}.${field.key}`).toBe(
          "This field is required.",
        );
      }
      const text = category.fields.find((field) => field.type === "text");
      if (text === undefined) continue;
      textChecks += 1;
      const response = await call(test, ann, "POST", urlOf(category), {
        ...input,
        [text.key]: "x".repeat(257),
      });
      expect(response.statusCode, `${category.key}.${text.key}`).toBe(400);
      expect(response.json().error.fields, category.key).toEqual({
        [text.key]: "Use at most 256 characters.",
      });
      const record = created.get(category.key);
      if (record === undefined) continue;
      const put = await call(
        test,
        ann,
        "PUT",
        urlOf(category, record.id),
        { ...input, [text.key]: "x".repeat(257) },
        {
          "accept-language": "fr",
        },
      );
      expect(put.statusCode).toBe(400);
      expect(put.json().error.fields[text.key]).toMatch(/256/);
    }
    expect(textChecks).toBe(withText.length);
  });

  it("refuses references to rows that are not the caller's, or not of the field's kind", async () => {
    const bobRefs = sampleRefsOf(test, bob);
    for (const category of CATEGORIES) {
      const input = await sampleRecord(category, annRefs);
      for (const field of referenceFields(category)) {
        if (field.type === "documents") continue;
        const foreign = await sampleRecord(
          { ...category, fields: category.fields.filter((each) => each.key === field.key) },
          bobRefs,
          { complete: true },
        );
        // A field shown only for some options is cleared otherwise: show it.
        const shown = field.visibleWhen ? { [field.visibleWhen.field]: field.visibleWhen.values[0] } : {};
        const response = await call(test, ann, "POST", urlOf(category), { ...input, ...shown, ...foreign });
        expect(response.statusCode, `${category.key}.${field.key}`).toBe(400);
        expect(Object.keys(response.json().error.fields), `${category.key}.${field.key}`).toEqual([
          field.key,
        ]);
      }
    }
    // Attached documents: the owner's are accepted, another account's refused like missing ones.
    const documentOf = async (owner: TestUser) => {
      const id = randomUUID();
      const now = Date.now();
      await test.database.db
        .insertInto("document")
        .values({
          id,
          owner_id: owner.id,
          module: "inventory",
          type: "will",
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    };
    const will = CATEGORIES.find((category) => category.key === "will") as CategoryDef;
    const willBody = await sampleRecord(will, annRefs);
    const own = await call(test, ann, "POST", urlOf(will), {
      ...willBody,
      documents: [await documentOf(ann)],
    });
    expect(own.statusCode, own.body).toBe(200);
    const foreign = await call(test, ann, "POST", urlOf(will), {
      ...willBody,
      documents: [await documentOf(bob)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ documents: "Choose one of your saved documents." });
    await call(test, ann, "DELETE", urlOf(will, own.json()));

    // A person outside the field's groups: a will's executors are advisors and family, not "me".
    const religious = CATEGORIES.find((category) => category.key === "religious");
    if (religious === undefined) throw new Error("no religious category");
    const body = { ...(await sampleRecord(religious, annRefs)), clergy: await annRefs.person(["child"]) };
    const response = await call(test, ann, "POST", urlOf(religious), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      clergy: "Choose a contact of the offered relationship groups.",
    });
  });

  it("answers 404 to another account on every route, and to unknown modules and categories", async () => {
    for (const category of CATEGORIES) {
      const record = created.get(category.key);
      if (record === undefined) throw new Error(`${category.key} was not created`);
      const url = urlOf(category, record.id);
      expect((await call(test, bob, "GET", url)).statusCode, category.key).toBe(404);
      expect((await call(test, bob, "GET", `${url}?reveal=notes`)).statusCode, category.key).toBe(404);
      expect((await call(test, bob, "PUT", url, complete.get(category.key))).statusCode, category.key).toBe(
        404,
      );
      expect((await call(test, bob, "DELETE", url)).statusCode, category.key).toBe(404);
      const bobs = (await call(test, bob, "GET", urlOf(category))).json() as { id: string }[];
      expect(
        bobs.map((item) => item.id),
        category.key,
      ).not.toContain(record.id);
    }
    const passport = created.get("passport")?.id;
    expect(
      (await call(test, ann, "GET", `/api/records/personaldata/healthcard/${passport}`)).statusCode,
    ).toBe(404);
    expect((await call(test, ann, "GET", `/api/records/personaldata/will/${passport}`)).statusCode).toBe(404);
    expect((await call(test, ann, "GET", `/api/records/personaldata/nosuch`)).statusCode).toBe(404);
    expect((await call(test, ann, "GET", `/api/records/nosuch/count`)).statusCode).toBe(404);
    expect(
      (await call(test, ann, "GET", `/api/records/personaldata/passport/${randomUUID()}`)).statusCode,
    ).toBe(404);
    expect((await call(test, null, "GET", `/api/records/personaldata/passport`)).statusCode).toBe(401);
  });

  it("keeps secrets out of the database files and reveals them on request, logging each reveal", async () => {
    const withSecrets = CATEGORIES.filter((category) => secretFields(category).length > 0);
    expect(withSecrets.length).toBeGreaterThan(15);
    const markers = withSecrets.flatMap((category) =>
      secretFields(category).map((field) => String(complete.get(category.key)?.[field.key])),
    );
    expect(markers.every((marker) => marker.startsWith("secret-"))).toBe(true);
    if (dialect === "sqlite") {
      await sql`pragma wal_checkpoint(truncate)`.execute(test.database.db);
      const bytes = readFileSync(path.join(test.database.dataDir, SQLITE_FILE));
      for (const marker of markers) expect(bytes.includes(marker), marker).toBe(false);
    } else {
      const rows = await sql<{ row: string }>`select r::text as row from record r`.execute(test.database.db);
      const dump = rows.rows.map((row) => row.row).join("\n");
      for (const marker of markers) expect(dump.includes(marker), marker).toBe(false);
      expect(dump).toContain("\\x");
    }

    const before = (await call(test, ann, "GET", "/api/account/activity?size=1")).json().total;
    let reveals = 0;
    for (const category of withSecrets) {
      const record = created.get(category.key);
      if (record === undefined) continue;
      const keys = secretFields(category).map((field) => field.key);
      const masked = (await call(test, ann, "GET", urlOf(category, record.id))).json();
      for (const key of keys) expect(masked.body[key]).toBe(MASK);
      const revealed = await call(test, ann, "GET", `${urlOf(category, record.id)}?reveal=${keys.join(",")}`);
      expect(revealed.statusCode).toBe(200);
      for (const key of keys) expect(revealed.json().body[key]).toBe(complete.get(category.key)?.[key]);
      reveals += keys.length;
    }
    const activity = (await call(test, ann, "GET", "/api/account/activity?size=100")).json();
    expect(activity.total - before).toBe(reveals);
    const last = withSecrets.at(-1);
    const lastRecord = last === undefined ? undefined : created.get(last.key);
    // Newest first, in the order written: the last record's last secret leads.
    expect(activity.items[0]).toEqual({
      id: expect.any(String),
      kind: "reveal",
      actorId: ann.id,
      actorName: "Ann Example",
      subjectKind: "record",
      subjectId: lastRecord?.id,
      category: last?.key,
      field: last === undefined ? undefined : secretFields(last).at(-1)?.key,
      createTime: expect.any(Number),
    });
    expect((await call(test, bob, "GET", "/api/account/activity")).json()).toMatchObject({
      items: [],
      total: 0,
    });

    const notSecret = await call(
      test,
      ann,
      "GET",
      `${urlOf(withSecrets[0] as CategoryDef, created.get(withSecrets[0]?.key ?? "")?.id)}?reveal=notes`,
    );
    expect(notSecret.statusCode).toBe(400);
    expect(notSecret.json().error.fields).toEqual({ reveal: "Only hidden fields can be revealed." });
  });

  it("logs a secret asked for to copy as a copy, and refuses any other purpose", async () => {
    const password = CATEGORIES.find((category) => category.key === "password") as CategoryDef;
    const record = created.get("password");
    const url = `${urlOf(password, record?.id)}?reveal=password&purpose=copy`;
    const copied = await call(test, ann, "GET", url);
    expect(copied.statusCode).toBe(200);
    expect(copied.json().body.password).toBe(complete.get("password")?.password);
    const activity = (await call(test, ann, "GET", "/api/account/activity?size=1")).json();
    expect(activity.items[0]).toMatchObject({
      kind: "copy",
      actorId: ann.id,
      subjectKind: "record",
      subjectId: record?.id,
      category: "password",
      field: "password",
    });
    const odd = await call(test, ann, "GET", `${urlOf(password, record?.id)}?reveal=password&purpose=print`);
    expect(odd.statusCode).toBe(400);
    expect(Object.keys(odd.json().error.fields)).toEqual(["purpose"]);
    expect((await call(test, bob, "GET", url)).statusCode).toBe(404);
  });

  it("deletes a record of every category with its comments", async () => {
    const passport = CATEGORIES.find((category) => category.key === "passport") as CategoryDef;
    const commented = created.get("passport")?.id;
    const comment = await call(test, ann, "POST", `/api/comments/record/${commented}`, {
      notes: "Renew early",
    });
    expect(comment.statusCode).toBe(200);
    for (const category of CATEGORIES) {
      const record = created.get(category.key);
      if (record === undefined) continue;
      const before = (await call(test, ann, "GET", `/api/records/${category.module}/count`)).json()[
        category.key
      ];
      const response = await call(test, ann, "DELETE", urlOf(category, record.id));
      expect(response.statusCode, `${category.key}: ${response.body}`).toBe(204);
      expect((await call(test, ann, "GET", urlOf(category, record.id))).statusCode).toBe(404);
      const after = (await call(test, ann, "GET", `/api/records/${category.module}/count`)).json()[
        category.key
      ];
      expect(after, category.key).toBe(before - 1);
    }
    expect((await call(test, ann, "GET", `/api/comments/record/${commented}`)).statusCode).toBe(404);
    const left = await test.database.db
      .selectFrom("comment")
      .select("id")
      .where("subject_id", "=", commented ?? "")
      .execute();
    expect(left).toEqual([]);
    expect(passport.key).toBe("passport");
  });
  it("takes the account's records, comments and activity with it when the account is deleted", async () => {
    const me = (await call(test, ann, "GET", "/api/pn/person")).json().id;
    expect(
      (await call(test, ann, "POST", `/api/comments/person/${me}`, { notes: "last words" })).statusCode,
    ).toBe(200);
    const { db } = test.database;
    const rowsOf = async () => [
      ...(await db.selectFrom("record").select("id").where("owner_id", "=", ann.id).execute()),
      ...(await db.selectFrom("comment").select("id").where("owner_id", "=", ann.id).execute()),
      ...(await db.selectFrom("activity").select("id").where("owner_id", "=", ann.id).execute()),
    ];
    expect((await rowsOf()).length).toBeGreaterThan(3);
    const deleted = await call(test, ann, "DELETE", "/api/account", {
      password: ann.password,
      confirmation: "DELETE",
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await rowsOf()).toEqual([]);
    expect(
      (await db.selectFrom("record").select("id").where("owner_id", "=", bob.id).execute()).length,
    ).toBeGreaterThan(0);
  });
});
