import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { BlobStoreKind } from "../config.ts";
import type { Dialect } from "../db/database.ts";
import { blobsDir } from "../storage/open-blob-store.ts";
import { type FilePart, multipart } from "./document-files.ts";
import { createSignedInUser, request, type TestUser } from "./identity.ts";
import { buildTestApp, type TestApp } from "./test-app.ts";
import { testDialects } from "./test-database.ts";

export type DocumentBackend = { dialect: Dialect; blobStore: BlobStoreKind };

/** Each test dialect with each blob store: the documents' tests run on all of them. */
export const DOCUMENT_BACKENDS: DocumentBackend[] = testDialects().flatMap((dialect) => [
  { dialect, blobStore: "filesystem" as const },
  { dialect, blobStore: "database" as const },
]);

/** Text that must never be found at rest in the clear. */
export const MARKER = "KINFILE-DOCUMENT-MARKER-41c9";
export const MISSING_ID = "6f1c2b7e-0d3a-4c59-9a7e-2f4b8c1d0e93";
export const RECORD_ID = "0b6f2d7c-3a41-4e8e-9a3c-5d2e1f0a9b87";

/**
 * The documents API on one backend, for the describe block that calls it: the app, Ann, Bob and
 * Léa (whose account is in French) made before its tests and closed after, and the calls they make.
 */
export function documentsApi({ dialect, blobStore }: DocumentBackend) {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let lea: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { blobStore } });
    ann = await createSignedInUser(test, { name: "Ann Example" });
    bob = await createSignedInUser(test, { name: "Bob" });
    // Messages follow the account's language: Léa's is French.
    lea = await createSignedInUser(test, { name: "Léa", lang: "fr" });
  });
  afterAll(() => test.close());

  const call = (
    user: TestUser | null,
    method: "GET" | "POST" | "DELETE",
    url: string,
    options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
  ) =>
    request(test, {
      method,
      url,
      ...(user === null ? {} : { cookie: user.cookie }),
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      headers: options.headers ?? {},
    });

  async function createDocument(user: TestUser, body: object = {}): Promise<string> {
    const response = await call(user, "POST", "/api/documents", {
      payload: { module: "inventory", type: "documentlibrary", ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const upload = (
    user: TestUser,
    url: string,
    file: FilePart | null,
    headers: Record<string, string> = {},
  ) => {
    const body = multipart(file);
    return call(user, "POST", url, { payload: body.payload, headers: { ...body.headers, ...headers } });
  };

  const base = (id: string, module = "inventory", type = "documentlibrary") =>
    `/api/documents/${module}/${type}/${id}`;

  /** The blobs an account has in the store (temporary and staged ones included). */
  async function blobsOf(user: TestUser): Promise<string[]> {
    if (blobStore === "database") {
      const rows = await test.database.db
        .selectFrom("blob_chunk")
        .select("blob_id")
        .distinct()
        .where("owner_id", "=", user.id)
        .execute();
      return rows.map((row) => row.blob_id).sort();
    }
    return (await readdir(path.join(blobsDir(test.config.dataDir), user.id)).catch(() => [])).sort();
  }

  async function blobOfDocument(id: string): Promise<string | null> {
    const row = await test.database.db
      .selectFrom("document")
      .select("blob_id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.blob_id ?? null;
  }

  return {
    get test() {
      return test;
    },
    get ann() {
      return ann;
    },
    get bob() {
      return bob;
    },
    get lea() {
      return lea;
    },
    call,
    createDocument,
    upload,
    base,
    blobsOf,
    blobOfDocument,
  };
}
