import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStoreKind } from "../config.ts";
import { blobsDir } from "../storage/open-blob-store.ts";
import { makePdf, multipart } from "../testing/document-files.ts";
import { createSignedInUser, type TestUser } from "../testing/identity.ts";
import { call } from "../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { ANY_ANSWER } from "../testing/test-routes.ts";

const cases = testDialects().flatMap((dialect) =>
  (["filesystem", "database"] as BlobStoreKind[]).map((blobStore) => ({ dialect, blobStore })),
);

/*
 * The server's own troubles answer a clear, translated error and change nothing: a full disk (a
 * real ENOSPC, from /dev/full), a stored file that no longer decrypts, the database out of reach.
 */
describe.each(cases)("server faults on $dialect, $blobStore blobs", ({ dialect, blobStore }) => {
  let test: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { blobStore } });
    const anonymous = { config: { access: "anonymous" as const }, schema: ANY_ANSWER };
    test.app.post("/api/test/full-disk", anonymous, async () => {
      await writeFile("/dev/full", "a file that does not fit");
      return { saved: true };
    });
    test.app.get("/api/test/database-away", anonymous, async () => {
      const client = new pg.Client({ connectionString: "postgres://kinfile@127.0.0.1:1/away" });
      await client.connect();
      return { reached: true };
    });
    await test.app.ready();
    ann = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const inject = (url: string, method: "GET" | "POST", lang = "en") =>
    test.app.inject({ method, url, headers: { "accept-language": lang } });

  it.runIf(blobStore === "filesystem")(
    "answers a full disk with 507 storage_full, saying nothing was saved, in the reader's language",
    async () => {
      const en = await inject("/api/test/full-disk", "POST");
      expect(en.statusCode).toBe(507);
      expect(en.json()).toEqual({
        error: {
          code: "storage_full",
          message:
            "The server has no room left to store this. Nothing was saved; please try again later or tell the administrator.",
        },
      });
      const fr = await inject("/api/test/full-disk", "POST", "fr");
      expect(fr.json().error.message).toMatch(/^Le serveur n’a plus de place/);
    },
  );

  it.runIf(blobStore === "filesystem")(
    "answers a database out of reach with 503 service_unavailable",
    async () => {
      const response = await inject("/api/test/database-away", "GET");
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: "service_unavailable",
        message: "The service is briefly unavailable. Nothing was saved; please try again in a moment.",
      });
    },
  );

  /** The stored ciphertext of the account's one file: the file itself, or its rows in order. */
  async function storedCopy(): Promise<Buffer> {
    if (blobStore === "database") {
      const rows = await test.database.db
        .selectFrom("blob_chunk")
        .select("bytes")
        .where("owner_id", "=", ann.id)
        .orderBy("seq")
        .execute();
      return Buffer.concat(rows.map((row) => Buffer.from(row.bytes)));
    }
    const folder = path.join(blobsDir(test.config.dataDir), ann.id);
    const [name] = await readdir(folder);
    return readFile(path.join(folder, name ?? ""));
  }

  /** Flips one byte of the stored copy, as a failing disk or a bad restore might. */
  async function damage(offset: number): Promise<void> {
    if (blobStore === "database") {
      const row = await test.database.db
        .selectFrom("blob_chunk")
        .selectAll()
        .where("owner_id", "=", ann.id)
        .where("seq", "=", 0)
        .executeTakeFirstOrThrow();
      const bytes = Buffer.from(row.bytes);
      bytes[offset] = (bytes[offset] ?? 0) ^ 0xff;
      await test.database.db
        .updateTable("blob_chunk")
        .set({ bytes })
        .where("owner_id", "=", ann.id)
        .where("blob_id", "=", row.blob_id)
        .where("seq", "=", 0)
        .execute();
      return;
    }
    const folder = path.join(blobsDir(test.config.dataDir), ann.id);
    const [name] = await readdir(folder);
    const file = path.join(folder, name ?? "");
    const bytes = await readFile(file);
    bytes[offset] = (bytes[offset] ?? 0) ^ 0xff;
    await writeFile(file, bytes);
  }

  it("answers a damaged file's download with 500 unreadable before sending any of it, and keeps the copy", async () => {
    const created = await call(test, ann, "POST", "/api/documents", {
      module: "inventory",
      type: "documentlibrary",
    });
    const id = created.json() as string;
    const base = `/api/documents/inventory/documentlibrary/${id}`;
    const body = multipart({ filename: "deed.pdf", content: makePdf("the deed") });
    const uploaded = await call(test, ann, "POST", `${base}/upload`, body.payload, body.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = () => call(test, ann, "GET", `${base}/download/deed.pdf/`);
    expect((await download()).statusCode).toBe(200);

    // A byte in the first chunk's ciphertext, past the header.
    await damage(200);
    const before = await storedCopy();
    const broken = await download();
    expect(broken.statusCode).toBe(500);
    expect(broken.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(broken.json().error).toEqual({
      code: "unreadable",
      message:
        "This could not be read: the stored copy is damaged or was encrypted with another key. Nothing was changed; please tell the administrator.",
    });
    expect((await storedCopy()).equals(before)).toBe(true);
    // The document and its other reads still answer.
    expect((await call(test, ann, "GET", base)).statusCode).toBe(200);
  });
});
