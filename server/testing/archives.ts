import { readdir } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";
import yazl from "yazl";
import { blobsDir } from "../storage/open-blob-store.ts";
import { multipart } from "./document-files.ts";
import { request, type TestUser } from "./identity.ts";
import type { TestApp } from "./test-app.ts";

/** Helpers for the export and import tests: ZIPs read and written in memory. */

/** Every entry of a ZIP: name -> bytes. */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  zip.close();
  return entries;
}

/** A ZIP of these entries, as a browser would upload it. */
export async function zipOf(entries: ReadonlyMap<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries)
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

/**
 * A ZIP whose entry is named `hostileName`, which yazl would refuse to write: written under a
 * placeholder of the same length, then renamed in the local header and the central directory.
 */
export async function zipWithName(hostileName: string, content: string): Promise<Buffer> {
  const placeholder = "x".repeat(hostileName.length);
  const archive = await zipOf(new Map([[placeholder, content]]));
  const from = Buffer.from(placeholder);
  const to = Buffer.from(hostileName);
  let at = archive.indexOf(from);
  while (at !== -1) {
    to.copy(archive, at);
    at = archive.indexOf(from, at + from.length);
  }
  return archive;
}

/** The blobs an account has in the filesystem store (the tests' default). */
export async function blobsOf(test: TestApp, user: TestUser): Promise<string[]> {
  return (await readdir(path.join(blobsDir(test.config.dataDir), user.id)).catch(() => [])).sort();
}

/** POST /api/import of an archive as the browser uploads it. */
export function importArchive(
  test: TestApp,
  user: TestUser,
  archive: Buffer | string,
  filename = "export.zip",
) {
  const body = multipart({ filename, contentType: "application/zip", content: archive });
  return request(test, {
    method: "POST",
    url: "/api/import",
    cookie: user.cookie,
    payload: body.payload,
    headers: body.headers,
  });
}
