import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../../db/database.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

describe.each(testDialects())("comments API on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let annChild: string;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Bob" }),
    ]);
    const created = await call(test, ann, "POST", "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Sam" },
    });
    annChild = created.json();
  });
  afterAll(() => test.close());

  const comments = (id: string) => `/api/comments/person/${id}`;

  async function comment(user: TestUser, subject: string, notes: string) {
    const response = await call(test, user, "POST", comments(subject), { notes });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("adds, lists, edits and deletes a comment on one's own person, times in epoch seconds", async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await comment(ann, annChild, "  Allergic to peanuts  ");
    const after = Math.ceil(Date.now() / 1000);
    expect(created).toEqual({
      id: expect.any(String),
      notes: "Allergic to peanuts",
      ownerId: ann.id,
      ownerFirstName: "Ann",
      ownerLastName: "Example",
      createTime: expect.any(Number),
      lastUpdateDate: expect.any(Number),
    });
    expect(created.createTime).toBeGreaterThanOrEqual(before);
    expect(created.createTime).toBeLessThanOrEqual(after);
    expect(Number.isInteger(created.createTime)).toBe(true);

    expect((await call(test, ann, "GET", comments(annChild))).json()).toEqual([created]);

    const edited = await call(test, ann, "PUT", `/api/comments/${created.id}`, {
      notes: "EpiPen in the kitchen",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: created.id,
      notes: "EpiPen in the kitchen",
      createTime: created.createTime,
    });
    expect(edited.json().lastUpdateDate).toBeGreaterThanOrEqual(created.lastUpdateDate);

    const removed = await call(test, ann, "DELETE", `/api/comments/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(test, ann, "GET", comments(annChild))).json()).toEqual([]);
  });

  it("deletes a person's comments with the person", async () => {
    const cousin = (
      await call(test, ann, "POST", "/api/pn/person", {
        group: "relative",
        type: "cousin",
        mainDetails: { firstName: "Lou" },
      })
    ).json();
    await comment(ann, cousin, "Lives abroad");
    expect((await call(test, ann, "DELETE", `/api/pn/person/${cousin}`)).statusCode).toBe(204);
    const left = await test.database.db
      .selectFrom("comment")
      .select("id")
      .where("subject_id", "=", cousin)
      .execute();
    expect(left).toEqual([]);
  });

  it("keeps notes encrypted at rest", async () => {
    const marker = `clinic-secret-${randomUUID()}`;
    await comment(ann, annChild, marker);
    const rows = await test.database.db.selectFrom("comment").select("notes_enc").execute();
    for (const row of rows) expect(Buffer.from(row.notes_enc).toString("latin1")).not.toContain(marker);
    if (dialect === "sqlite") {
      // Checkpointed or not, neither the database file nor its write-ahead log holds the text.
      for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`]) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(path.join(test.database.dataDir, file));
        } catch {
          continue;
        }
        expect(bytes.includes(marker)).toBe(false);
      }
    }
  });

  it("requires notes and refuses more than 2048 characters, naming the field", async () => {
    for (const notes of ["", "   "]) {
      const response = await call(test, ann, "POST", comments(annChild), { notes });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ notes: "This field is required." });
    }
    const tooLong = await call(test, ann, "POST", comments(annChild), { notes: "x".repeat(2049) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ notes: "Use at most 2048 characters." });
    const fr = await call(
      test,
      ann,
      "POST",
      comments(annChild),
      { notes: "x".repeat(2049) },
      {
        "accept-language": "fr",
      },
    );
    expect(fr.json().error.fields.notes).toMatch(/2048/);
    expect((await call(test, ann, "POST", comments(annChild), { notes: "x".repeat(2048) })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another account's subject or comment, and for unknown subject kinds", async () => {
    const own = await comment(ann, annChild, "Ann's note");
    expect((await call(test, bob, "GET", comments(annChild))).statusCode).toBe(404);
    expect((await call(test, bob, "POST", comments(annChild), { notes: "hi" })).statusCode).toBe(404);
    expect((await call(test, bob, "PUT", `/api/comments/${own.id}`, { notes: "mine now" })).statusCode).toBe(
      404,
    );
    expect((await call(test, bob, "DELETE", `/api/comments/${own.id}`)).statusCode).toBe(404);
    expect((await call(test, ann, "GET", comments(randomUUID()))).statusCode).toBe(404);
    expect((await call(test, ann, "GET", `/api/comments/record/${annChild}`)).statusCode).toBe(404);
    expect((await call(test, ann, "GET", `/api/comments/invoice/${annChild}`)).statusCode).toBe(400);
    expect((await call(test, null, "GET", comments(annChild))).statusCode).toBe(401);
  });

  it("lets only the author edit or delete a comment on the owner's file", async () => {
    // A comment written by someone else on Ann's file, as a nominee's will be stored.
    const id = randomUUID();
    const own = await comment(ann, annChild, "seed");
    const seed = await test.database.db
      .selectFrom("comment")
      .selectAll()
      .where("id", "=", own.id)
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto("comment")
      .values({ ...seed, id, author_id: bob.id })
      .execute();
    expect((await call(test, ann, "PUT", `/api/comments/${id}`, { notes: "edited" })).statusCode).toBe(403);
    expect((await call(test, ann, "DELETE", `/api/comments/${id}`)).statusCode).toBe(403);
    await test.database.db.deleteFrom("comment").where("id", "=", id).execute();
  });
});
