import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARCHIVE_LIMITS } from "../../../domain/limits.ts";
import { FILE_EXPORT_DOCUMENT, type FileExportDocument } from "../../../domain/schemas/file-export.ts";
import { generateMasterKeyText } from "../../crypto/master-key-text.ts";
import { blobsOf, importArchive, unzip, zipOf } from "../../testing/archives.ts";
import { browserHeaders, createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { until } from "../../testing/until.ts";

/** The limit these tests give the server: small, so that passing it costs little. */
const LIMIT = 256 * 1024;
const ZIP_HEAD = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A valid export holding one address: an import of it succeeds into an empty file and fills it. */
function oneAddressArchive(): Promise<Buffer> {
  const now = Date.now();
  return zipOf(
    new Map([
      [
        FILE_EXPORT_DOCUMENT,
        JSON.stringify({
          format: "kinfile-file",
          version: 1,
          exportedAt: now,
          secrets: false,
          persons: [],
          addresses: [{ id: randomUUID(), createTime: now, updateTime: now, name: "Home", country: "CA" }],
          institutions: [],
          records: [],
          documents: [],
          comments: [],
          nominees: [],
        }),
      ],
    ]),
  );
}

type Answer = { status: number; body: { error?: { code: string; message: string; fields?: object } } };

/**
 * POST /api/import over real HTTP, its body sent as the test says (chunked, unless a length is declared):
 * the head of the multipart body first, then what the test writes; `finish` closes the part and
 * the body. The answer may come before the body is done.
 */
function streamingImport(
  test: TestApp,
  baseUrl: string,
  user: TestUser,
  options: { declaredLength?: number } = {},
) {
  const boundary = `----kinfile${randomBytes(8).toString("hex")}`;
  const outgoing = http.request(`${baseUrl}/api/import`, {
    method: "POST",
    headers: {
      ...browserHeaders(test),
      cookie: user.cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(options.declaredLength === undefined ? {} : { "content-length": String(options.declaredLength) }),
    },
  });
  let answered = false;
  const answer = new Promise<Answer>((resolve, reject) => {
    outgoing.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
      response.on("error", reject);
    });
    // The server may close the connection once it has answered, while the body is still going.
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
  });
  const write = (bytes: Buffer | string) =>
    new Promise<void>((resolve) => {
      if (answered || outgoing.destroyed) return resolve();
      outgoing.write(bytes, () => resolve());
    });
  outgoing.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\n` +
      "Content-Type: application/zip\r\n\r\n",
  );
  return {
    answer,
    write,
    answered: () => answered,
    finish: (rest: Buffer = Buffer.alloc(0)) => {
      outgoing.end(Buffer.concat([rest, Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return answer;
    },
    abort: () => {
      // A request cut before its answer fails its promise: the test has stopped waiting for one.
      answer.catch(() => {});
      outgoing.destroy();
    },
  };
}

/** The account's file holds nothing but its own "me", and no stored file. */
async function expectEmptyFile(test: TestApp, user: TestUser): Promise<void> {
  const exported = await request(test, { method: "GET", url: "/api/export", cookie: user.cookie });
  const json = (await unzip(exported.rawPayload)).get(FILE_EXPORT_DOCUMENT);
  const document = JSON.parse(String(json)) as FileExportDocument;
  expect(document.persons.map((person) => person.group)).toEqual(["me"]);
  const { addresses, institutions, records, documents, comments, nominees } = document;
  expect([addresses, institutions, records, documents, comments, nominees].flat()).toEqual([]);
  expect(await blobsOf(test, user)).toEqual([]);
}

/** Waits until the server is writing an upload into the temporary folder (it then holds the lock). */
async function untilWriting(tempDir: string): Promise<void> {
  await until(
    async () => {
      for (const folder of await readdir(tempDir)) {
        const files: string[] = await readdir(join(tempDir, folder)).catch(() => []);
        if (files.includes("archive.zip")) return true;
      }
      return false;
    },
    "the server writes the upload",
    15_000,
  );
}

describe.each(testDialects())("an import is bounded on %s", (dialect) => {
  let test: TestApp;
  let other: TestApp;
  let tempDir: string;
  let baseUrl: string;
  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), "kinfile-import-bounds-"));
    const config = {
      tempDir,
      archiveLimits: { ...ARCHIVE_LIMITS, archiveBytesMax: LIMIT },
      masterKey: generateMasterKeyText(),
    };
    test = await buildTestApp(dialect, { config });
    // A second app server on the same database, as several behind one load balancer.
    other = await buildTestApp(dialect, { config, database: test.database });
    baseUrl = await test.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await other.app.close();
    await test.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it("refuses a declared length past the limit before the body is sent: 413 in words, nothing kept", async () => {
    const user = await createSignedInUser(test);
    const upload = streamingImport(test, baseUrl, user, { declaredLength: LIMIT * 2 });
    // Only the part's head is sent: the answer cannot wait for the rest.
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({
      code: "payload_too_large",
      message: "This archive is too large to import (at most 0.25 MB).",
    });
    expect(await readdir(tempDir)).toEqual([]);
    await expectEmptyFile(test, user);
  });

  it("stops a body that grows past the limit as it arrives: 413, nothing kept, nothing imported", async () => {
    const user = await createSignedInUser(test);
    const upload = streamingImport(test, baseUrl, user);
    await upload.write(ZIP_HEAD);
    // Far more than the limit is offered; the server answers long before it is all sent.
    const offered = 64 * LIMIT;
    let sent = 0;
    while (!upload.answered() && sent < offered) {
      await upload.write(randomBytes(16 * 1024));
      sent += 16 * 1024;
    }
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe("payload_too_large");
    expect(sent).toBeLessThan(offered);
    expect(await readdir(tempDir)).toEqual([]);
    await expectEmptyFile(test, user);
  });

  it("refuses what does not start as a ZIP at once, while the body is still open", async () => {
    const user = await createSignedInUser(test);
    const upload = streamingImport(test, baseUrl, user);
    await upload.write("name,phone\nAnn,555-0100\n");
    // The body is never finished: the answer comes from its first bytes.
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({ file: "This file is not a ZIP archive, or it is damaged." });
    expect(await readdir(tempDir)).toEqual([]);

    await expectEmptyFile(test, user);
  });

  it("runs one import per account at a time, whichever server takes the second, and frees it after", async () => {
    const user = await createSignedInUser(test);
    const archive = await oneAddressArchive();
    const half = Math.floor(archive.length / 2);
    const first = streamingImport(test, baseUrl, user);
    await first.write(archive.subarray(0, half));
    await untilWriting(tempDir);

    for (const server of [other, test]) {
      const second = await importArchive(server, user, archive);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toEqual({
        code: "conflict",
        message:
          "An import into this account is already running. Wait for it to finish before you import again.",
      });
    }
    const someoneElse = await createSignedInUser(test);
    expect((await importArchive(other, someoneElse, archive)).statusCode).toBe(200);

    const done = await first.finish(archive.subarray(half));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await readdir(tempDir)).toEqual([]);
    // Released: the next import is judged on the file, which is no longer empty.
    const after = await importArchive(other, user, archive);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toMatch(/already holds data/);
  });

  it("frees the account after a refused import, and after a client that went away", async () => {
    const user = await createSignedInUser(test);
    const refused = await importArchive(test, user, Buffer.concat([ZIP_HEAD, randomBytes(1000)]));
    expect(refused.statusCode).toBe(400);

    const gone = streamingImport(test, baseUrl, user);
    await gone.write(ZIP_HEAD);
    await untilWriting(tempDir);
    gone.abort();
    // The server notices the cut body, answers nobody, and lets go of the account and the file.
    await until(
      async () => {
        const [row] = await test.database.db.selectFrom("import_run").selectAll().execute();
        return row === undefined && (await readdir(tempDir)).length === 0;
      },
      "the account and the file are freed",
      15_000,
    );
    expect((await importArchive(other, user, await oneAddressArchive())).statusCode).toBe(200);
  });
});

/** A tmpfs this small fills at once; mounting one needs root (CAP_SYS_ADMIN), so elsewhere the test skips. */
function mountTinyTmpfs(folder: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe.each(testDialects())("an import onto a full disk on %s", (dialect) => {
  let test: TestApp;
  let tempDir: string;
  let mounted = false;
  beforeAll(async () => {
    tempDir = join(await mkdtemp(join(tmpdir(), "kinfile-import-full-")), "tmpfs");
    await mkdir(tempDir);
    mounted = mountTinyTmpfs(tempDir);
    test = await buildTestApp(dialect, {
      config: { tempDir, archiveLimits: { ...ARCHIVE_LIMITS, archiveBytesMax: 4 * 1024 * 1024 } },
    });
  });
  afterAll(async () => {
    await test.close();
    if (mounted) execFileSync("umount", [tempDir]);
    await rm(join(tempDir, ".."), { recursive: true, force: true });
  });

  it("answers 507 storage_full when the temporary folder fills, keeps nothing and frees the account", async (context) => {
    if (!mounted) return context.skip();
    const user = await createSignedInUser(test);
    const response = await importArchive(test, user, Buffer.concat([ZIP_HEAD, randomBytes(1024 * 1024)]));
    expect(response.statusCode).toBe(507);
    expect(response.json().error.code).toBe("storage_full");
    expect(response.json().error.message).toMatch(/no room left/);
    expect(await readdir(tempDir)).toEqual([]);
    await expectEmptyFile(test, user);
    expect((await importArchive(test, user, await oneAddressArchive())).statusCode).toBe(200);
  });
});
