import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "../../../domain/schemas/search.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { BlobNotFoundError } from "../../storage/blob-store.ts";
import { openBlobBackend } from "../../storage/open-blob-store.ts";
import { multipart } from "../../testing/document-files.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { PENDING_UPLOAD_MAX_AGE_MS, sweepPendingUploads } from "./pending-uploads.ts";

const WILL = categoryDef("will");
const OTHER_RECORD = "0b6f2d7c-3a41-4e8e-9a3c-5d2e1f0a9b87";

/*
 * A file uploaded from a record's form is a pending upload: in no list and on no record until the
 * record's save links it; discarded when the form is left, and swept once a day old.
 */
describe.each(testDialects())("pending uploads on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob Other" });
  });
  afterAll(() => test.close());

  const call = (user: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    request(test, { method, url, cookie: user.cookie, ...(payload === undefined ? {} : { payload }) });

  /** A will's file uploaded from its form, as the documents field does it; answers its id. */
  async function pendingUpload(user: TestUser, fileName: string): Promise<string> {
    const created = await call(user, "POST", "/api/documents", {
      module: "inventory",
      type: "will",
      assignedModule: "inventory",
      assignedType: "will",
      // A pending upload names no record, whatever it is sent.
      assignedDocument: OTHER_RECORD,
      pending: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id: string = created.json();
    const body = multipart({ filename: fileName, content: `The will's scan, ${fileName}` });
    const uploaded = await request(test, {
      method: "POST",
      url: `/api/documents/inventory/will/${id}/upload`,
      cookie: user.cookie,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return id;
  }

  const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
  const onRecords = async (user: TestUser) =>
    idsOf((await call(user, "GET", "/api/documents/on-records")).json());
  const ofWills = async (user: TestUser) =>
    idsOf((await call(user, "GET", "/api/documents/inventory/type/will")).json());
  const found = async (user: TestUser, q: string) =>
    ((await call(user, "GET", `/api/search?q=${q}`)).json() as SearchResponse).results.map((r) => r.id);
  const row = (id: string) =>
    test.database.db.selectFrom("document").selectAll().where("id", "=", id).executeTakeFirst();

  async function saveWill(user: TestUser, documents: string[]): Promise<string> {
    const body = { ...(await sampleRecord(WILL, sampleRefsOf(test, user))), documents };
    const saved = await call(user, "POST", "/api/records/inventory/will", body);
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json();
  }

  it("lists a pending upload nowhere until its record is saved, then on the record and in the library", async () => {
    const id = await pendingUpload(ann, "quillfeather-will.txt");
    expect((await row(id))?.assigned_document).toBeNull();
    expect(await onRecords(ann)).not.toContain(id);
    expect(await ofWills(ann)).not.toContain(id);
    expect((await call(ann, "GET", "/api/documents/inventory/count")).json().will ?? 0).toBe(0);
    expect(await found(ann, "quillfeather")).not.toContain(id);
    // The form itself shows what was uploaded.
    expect((await call(ann, "GET", `/api/documents/inventory/will/${id}`)).statusCode).toBe(200);

    const recordId = await saveWill(ann, [id]);
    expect(await onRecords(ann)).toContain(id);
    expect(await ofWills(ann)).toContain(id);
    const attached = await call(ann, "GET", `/api/documents/file/list/document/${recordId}`);
    expect(idsOf(attached.json())).toEqual([id]);
    expect(await found(ann, "quillfeather")).toContain(id);
    expect((await row(id))?.pending_since).toBeNull();
  });

  it("discards a pending upload and its file when the form is left, and keeps one its record's save linked", async () => {
    const blobs = openBlobBackend({ config: test.config, database: test.database });
    const left = await pendingUpload(ann, "left.txt");
    const leftBlob = (await row(left))?.blob_id ?? "";
    expect((await call(bob, "DELETE", `/api/documents/pending/${left}`)).statusCode).toBe(204);
    expect(await row(left)).toBeDefined();

    expect((await call(ann, "DELETE", `/api/documents/pending/${left}`)).statusCode).toBe(204);
    expect(await row(left)).toBeUndefined();
    await expect(blobs.get(ann.id, leftBlob)).rejects.toThrow(BlobNotFoundError);

    const kept = await pendingUpload(ann, "kept.txt");
    await saveWill(ann, [kept]);
    expect((await call(ann, "DELETE", `/api/documents/pending/${kept}`)).statusCode).toBe(204);
    expect(await onRecords(ann)).toContain(kept);
  });

  it("sweeps the pending uploads a day old and their files, and nothing else", async () => {
    const blobs = openBlobBackend({ config: test.config, database: test.database });
    const stale = await pendingUpload(bob, "closed-tab.txt");
    const fresh = await pendingUpload(bob, "still-typing.txt");
    const saved = await pendingUpload(bob, "saved.txt");
    await saveWill(bob, [saved]);
    const now = Date.now();
    await test.database.db
      .updateTable("document")
      .set({ pending_since: now - PENDING_UPLOAD_MAX_AGE_MS - 1 })
      .where("id", "=", stale)
      .execute();
    const staleBlob = (await row(stale))?.blob_id ?? "";

    expect(await sweepPendingUploads({ db: test.database.db, changes: test.auth.changes, blobs, now })).toBe(
      1,
    );
    expect(await row(stale)).toBeUndefined();
    await expect(blobs.get(bob.id, staleBlob)).rejects.toThrow(BlobNotFoundError);
    expect(await row(fresh)).toBeDefined();
    expect(await onRecords(bob)).toContain(saved);
    expect(await sweepPendingUploads({ db: test.database.db, changes: test.auth.changes, blobs, now })).toBe(
      0,
    );
  });
});
