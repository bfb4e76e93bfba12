import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef, referenceFields } from "../../../domain/sections/index.ts";
import { createDataKeys, type DataKeys } from "../../crypto/data-keys.ts";
import { DecryptionError } from "../../crypto/envelope.ts";
import { loadMasterKeyring } from "../../crypto/master-keys.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { recordActivity } from "../activity/activity-log.ts";
import { findReferenced } from "../records/references.ts";
import { NO_TEXT, openDocument } from "./metadata.ts";
import {
  DOCUMENT_METADATA_KEY,
  type DocumentMetadataJobs,
  documentMetadataHandlers,
  scheduleDocumentMetadataEncryption,
} from "./metadata-backfill.ts";
import { NO_FILE } from "./repository.ts";

const QUIET = { warn() {}, error() {} };
const LIBRARY = "/api/documents/inventory/documentlibrary";

describe.each(testDialects())("document metadata at rest on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let dataKeys: DataKeys;
  let handlers: ReturnType<typeof documentMetadataHandlers>;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob" });
    dataKeys = createDataKeys({
      db: test.database.db,
      masterKeys: loadMasterKeyring({ config: test.config, logger: QUIET }),
    });
    handlers = documentMetadataHandlers({ database: test.database, dataKeys });
  });
  afterAll(() => test.close());

  const get = (user: TestUser, url: string) => request(test, { method: "GET", url, cookie: user.cookie });

  async function save(user: TestUser, text: object): Promise<string> {
    const response = await request(test, {
      method: "POST",
      url: "/api/documents",
      cookie: user.cookie,
      payload: { module: "inventory", type: "documentlibrary", ...text },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const stored = (id: string) =>
    test.database.db.selectFrom("document").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** The database's bytes as a copy of it would hold them. */
  async function databaseBytes(): Promise<Buffer> {
    if (dialect === "sqlite") {
      await sql`pragma wal_checkpoint(truncate)`.execute(test.database.db);
      const names = (await readdir(test.config.dataDir)).filter((name) => name.startsWith("kinfile.sqlite"));
      return Buffer.concat(
        await Promise.all(names.map((name) => readFile(path.join(test.config.dataDir, name)))),
      );
    }
    const rows = await sql<{ row: string }>`
      select d::text as row from document d union all select a::text from activity a
    `.execute(test.database.db);
    return Buffer.from(rows.rows.map((row) => row.row).join("\n"));
  }

  const runJob = () =>
    handlers["document.encrypt-metadata"](
      {},
      {
        jobId: "metadata",
        kind: "document.encrypt-metadata",
        attempt: 1,
        maxAttempts: 1,
        isLastAttempt: true,
      },
    );

  it("refuses a ciphertext moved to another document, another field or another account", async () => {
    const first = await save(ann, { fileName: "first.pdf", description: "First", lastName: "One" });
    const second = await save(ann, { fileName: "second.pdf", description: "Second", lastName: "Two" });
    const [a, b] = [await stored(first), await stored(second)];
    expect(await openDocument(dataKeys, a)).toMatchObject({
      fileName: "first.pdf",
      description: "First",
      lastName: "One",
    });

    // Swapped between two documents of the same owner, in the rows themselves.
    await test.database.db
      .updateTable("document")
      .set({ file_name_enc: b.file_name_enc, description_enc: b.description_enc })
      .where("id", "=", first)
      .execute();
    await expect(openDocument(dataKeys, await stored(first))).rejects.toBeInstanceOf(DecryptionError);
    // Moved to another field of the same document, or to another owner's row.
    await expect(openDocument(dataKeys, { ...a, description_enc: a.file_name_enc })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    await expect(openDocument(dataKeys, { ...a, owner_id: bob.id })).rejects.toBeInstanceOf(DecryptionError);
    // The tampered document is not answered in clear (whatever else it held).
    const tampered = await get(ann, `${LIBRARY}/${first}`);
    expect(tampered.statusCode).toBe(500);
    expect(tampered.body).not.toContain("second.pdf");
    expect((await get(ann, `${LIBRARY}/${second}`)).json()).toMatchObject({ fileName: "second.pdf" });
    await test.database.db.deleteFrom("document").where("id", "=", first).execute();
  });

  it("reads documents saved before encryption, then the start-up job seals them and leaves no clear text", async () => {
    const legacy = {
      file_name: "Legacy-Name-Marker-61f0.pdf",
      description: "Legacy-Description-Marker-0c7e",
      last_name: "Legacy-Last-Marker-a25b",
    };
    const id = randomUUID();
    const now = Date.now();
    // A row as the app wrote it before migration 0009: its text in clear.
    await test.database.db
      .insertInto("document")
      .values({
        id,
        owner_id: ann.id,
        module: "inventory",
        type: "documentlibrary",
        ...NO_FILE,
        ...NO_TEXT,
        ...legacy,
        assigned_module: null,
        assigned_type: null,
        assigned_custom_position: null,
        assigned_document: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const answered = {
      fileName: legacy.file_name,
      description: legacy.description,
      lastName: legacy.last_name,
    };
    expect((await get(ann, `${LIBRARY}/${id}`)).json()).toMatchObject(answered);
    // A nominee's download, logged with the file's name before it was encrypted.
    await recordActivity(test.database.db, [
      {
        ownerId: ann.id,
        actorId: bob.id,
        kind: "download",
        subjectKind: "document",
        subjectId: id,
        field: legacy.file_name,
      },
    ]);

    await runJob();
    const row = await stored(id);
    expect([row.file_name, row.description, row.last_name]).toEqual([null, null, null]);
    expect(row.file_name_enc).not.toBeNull();
    expect((await get(ann, `${LIBRARY}/${id}`)).json()).toMatchObject(answered);
    const list = (await get(ann, "/api/documents/inventory/type/documentlibrary")).json();
    expect(list).toContainEqual(expect.objectContaining({ id, ...answered }));
    const logged = await test.database.db
      .selectFrom("activity")
      .select("field")
      .where("subject_id", "=", id)
      .execute();
    expect(logged).toEqual([{ field: null }]);
    const bytes = await databaseBytes();
    for (const marker of Object.values(legacy)) expect(bytes.includes(marker), marker).toBe(false);

    // A second run (a retry, another server) changes nothing.
    const sealed = row.file_name_enc;
    await runJob();
    expect((await stored(id)).file_name_enc).toEqual(sealed);
  });

  it("names a record's documents in clear, and only the owner's", async () => {
    const id = await save(ann, { fileName: "will-scan.pdf" });
    const fields = referenceFields(categoryDef("will"));
    const body = { documents: [id] };
    const found = await findReferenced(test.database.db, dataKeys, ann.id, fields, [body]);
    expect(found.get(`document:${id}`)).toEqual({ name: "will-scan.pdf", kind: null });
    expect((await findReferenced(test.database.db, dataKeys, bob.id, fields, [body])).size).toBe(0);
  });

  it("is scheduled once however many times the servers start", async () => {
    const runner = createJobRunner<DocumentMetadataJobs>({ database: test.database, handlers });
    await scheduleDocumentMetadataEncryption(runner);
    await scheduleDocumentMetadataEncryption(runner);
    const rows = await test.database.db
      .selectFrom("job")
      .select("kind")
      .where("unique_key", "=", DOCUMENT_METADATA_KEY)
      .execute();
    expect(rows).toEqual([{ kind: "document.encrypt-metadata" }]);
  });
});
