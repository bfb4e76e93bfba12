import { expect } from "vitest";
import { type FilePart, multipart } from "./document-files.ts";
import type { TestUser } from "./identity.ts";
import { call } from "./person-photos.ts";
import type { TestApp } from "./test-app.ts";

/**
 * POSTs `payload` as `user` and answers the new row's id (some saves answer the id, others the
 * saved row); anything but 200 fails the test, naming the URL and the answer.
 */
export async function createdId(
  test: TestApp,
  user: TestUser,
  url: string,
  payload: object,
): Promise<string> {
  const response = await call(test, user, "POST", url, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const body = response.json();
  return typeof body === "string" ? body : body.id;
}

/** A document created from `metadata` (its module and type, and any other field), then `file` uploaded to it; its id. */
export async function documentWithFile(
  test: TestApp,
  user: TestUser,
  metadata: { module: string; type: string } & Record<string, unknown>,
  file: FilePart,
): Promise<string> {
  const id = await createdId(test, user, "/api/documents", metadata);
  const body = multipart(file);
  const upload = await call(
    test,
    user,
    "POST",
    `/api/documents/${metadata.module}/${metadata.type}/${id}/upload`,
    body.payload,
    body.headers,
  );
  expect(upload.statusCode, upload.body).toBe(200);
  return id;
}
