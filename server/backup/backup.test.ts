import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { createAuth } from "../auth/better-auth.ts";
import type { BlobStoreKind, Config } from "../config.ts";
import { createDataKeys } from "../crypto/data-keys.ts";
import { loadCheckedMasterKeyring } from "../crypto/master-key-check.ts";
import { MASTER_KEY_FILE } from "../crypto/master-keys.ts";
import { openDatabase } from "../db/database.ts";
import { createJobRunner } from "../jobs/runner.ts";
import type { MailJobs } from "../mail/delivery.ts";
import { createMailOutbox } from "../mail/outbox.ts";
import { openSnapshotFile, readFileSnapshot } from "../modules/portability/snapshot.ts";
import { createListCache } from "../modules/records/list-cache.ts";
import { openBlobStore } from "../storage/open-blob-store.ts";
import { type FilledFile, fillFile } from "../testing/full-file.ts";
import { createSignedInUser, TEST_PASSWORD, type TestUser } from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { KEYS_WARNING } from "./archive-layout.ts";
import { BackupError, createBackup } from "./backup.ts";
import { restoreBackup } from "./restore.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "kinfile-backup-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string) => path.join(scratch, `${counter++}-${name}`);
const QUIET = { warn() {}, error() {} };

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const cases = testDialects().flatMap((dialect) =>
  (["filesystem", "database"] as BlobStoreKind[]).map((blobStore) => ({ dialect, blobStore })),
);

describe.each(cases)("backup and restore on $dialect, $blobStore blobs", ({ dialect, blobStore }) => {
  let test: TestApp;
  let owner: TestUser;
  let filled: FilledFile;

  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { blobStore } });
    owner = await createSignedInUser(test, { name: "Ann Owner" });
    filled = await fillFile(test, owner);
  }, 120_000);
  afterAll(() => test.close());

  it.runIf(dialect === "sqlite")(
    "restores into an empty data directory with every record, file and secret, and the account signs in",
    async () => {
      const archive = fresh("kinfile.zip");
      const keys = fresh("kinfile-keys.json");
      const { manifest } = await createBackup({
        config: test.config,
        database: test.database,
        to: archive,
        keysTo: keys,
      });
      const blobsFolder = path.join(test.config.dataDir, "blobs");
      const storedFiles = existsSync(blobsFolder)
        ? readdirSync(blobsFolder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
            .length
        : 0;
      expect(storedFiles).toBe(blobStore === "filesystem" ? filled.files.size : 0);
      expect(manifest).toMatchObject({ database: "sqlite", blobStore, blobs: storedFiles });
      // The archive holds no key: neither the master key nor the session secret appears in it.
      const zipped = await readFile(archive);
      const keyFile = JSON.parse(await readFile(keys, "utf8")) as { masterKey: string };
      expect(keyFile.masterKey).toBe(test.config.masterKey);
      expect(zipped.includes(Buffer.from(keyFile.masterKey))).toBe(false);
      expect(statSync(keys).mode & 0o777).toBe(0o600);
      expect(statSync(archive).mode & 0o777).toBe(0o600);

      const dataDir = fresh("restored");
      await restoreBackup({ from: archive, dataDir, keysFrom: keys });
      expect(existsSync(path.join(dataDir, MASTER_KEY_FILE))).toBe(true);

      // The restored folder, as a server started on it would see it (its key from the keys file).
      const config: Config = { ...test.config, dataDir, masterKey: undefined };
      const database = await openDatabase({ dataDir });
      try {
        const masterKeys = await loadCheckedMasterKeyring({ config, database, logger: QUIET });
        const dataKeys = createDataKeys({ db: database.db, masterKeys });
        const snapshot = JSON.stringify(
          await readFileSnapshot({ db: database.db, dataKeys, listCache: createListCache() }, owner.id, {
            secrets: true,
          }),
        );
        for (const id of [filled.meId, filled.partnerId, filled.addressId, filled.emptyDocumentId])
          expect(snapshot).toContain(id);
        for (const id of filled.records.values()) expect(snapshot).toContain(id);
        for (const secret of filled.secrets) expect(snapshot).toContain(secret);
        expect(snapshot).toContain(filled.nomineeEmail);
        const blobs = openBlobStore({ config, database, dataKeys });
        for (const [documentId, content] of filled.files) {
          const file = await openSnapshotFile({ db: database.db, dataKeys, blobs }, owner.id, documentId);
          expect((await bytesOf(file.body)).equals(content), documentId).toBe(true);
        }
        const jobs = createJobRunner<MailJobs>({ database, handlers: { "mail.deliver": async () => {} } });
        const auth = createAuth({
          config,
          database,
          mail: createMailOutbox({ database, jobs }),
          logger: QUIET,
        });
        const signedIn = await auth.auth.api.signInEmail({
          body: { email: owner.email, password: TEST_PASSWORD },
        });
        expect(signedIn.user.id).toBe(owner.id);
      } finally {
        await database.close();
      }
    },
    120_000,
  );

  it.runIf(dialect === "postgres")(
    "archives the stored files of a PostgreSQL install and restores them; the database is pg_dump's",
    async () => {
      const archive = fresh("kinfile.zip");
      const { manifest } = await createBackup({ config: test.config, database: test.database, to: archive });
      expect(manifest).toMatchObject({ database: "postgres", blobStore });
      const dataDir = fresh("restored");
      await restoreBackup({ from: archive, dataDir });
      const list = (root: string) =>
        existsSync(root) ? readdirSync(root, { recursive: true }).map(String).sort() : [];
      expect(list(path.join(dataDir, "blobs"))).toEqual(
        blobStore === "filesystem" ? list(path.join(test.config.dataDir, "blobs")) : [],
      );
      expect(existsSync(path.join(dataDir, "kinfile.sqlite"))).toBe(false);
    },
  );

  it("refuses to restore into a data directory that holds anything, and changes nothing there", async () => {
    const archive = fresh("kinfile.zip");
    await createBackup({ config: test.config, database: test.database, to: archive });
    const dataDir = fresh("occupied");
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, "kinfile.sqlite"), "the live database");
    await expect(restoreBackup({ from: archive, dataDir })).rejects.toThrow(
      new BackupError(`${dataDir} is not empty; restore into an empty DATA_DIR (nothing was changed).`),
    );
    expect(await readdir(dataDir)).toEqual(["kinfile.sqlite"]);
    expect(await readFile(path.join(dataDir, "kinfile.sqlite"), "utf8")).toBe("the live database");
  });

  it("never overwrites: an existing archive or keys file is refused, and the keys never share the archive's file", async () => {
    const archive = fresh("kinfile.zip");
    await writeFile(archive, "an older backup");
    await expect(createBackup({ config: test.config, database: test.database, to: archive })).rejects.toThrow(
      /already exists; choose another name/,
    );
    expect(await readFile(archive, "utf8")).toBe("an older backup");
    const other = fresh("kinfile.zip");
    await expect(
      createBackup({ config: test.config, database: test.database, to: other, keysTo: other }),
    ).rejects.toThrow(/--keys-to must name another file/);
  });

  it("refuses an archive that is not a backup, leaving the data directory empty", async () => {
    const archive = fresh("not-a-backup.zip");
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("{}"), "kinfile-backup.json");
    zip.addBuffer(Buffer.from("x"), "notes/evil.sh");
    zip.end();
    await writeFile(archive, await bytesOf(zip.outputStream));
    const dataDir = fresh("empty");
    await expect(restoreBackup({ from: archive, dataDir })).rejects.toThrow(BackupError);
    expect(await readdir(dataDir).catch(() => [])).toEqual([]);
  });
});

describe("npm run kinfile -- backup / restore", () => {
  const kinfile = (dataDir: string, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(import.meta.dirname, "../cli.ts"), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", KINFILE_MASTER_KEY: "" },
      encoding: "utf8",
    });

  it("backs up with a warning that the key is not in it, and restores only into an empty DATA_DIR", () => {
    const dataDir = fresh("cli-data");
    expect(kinfile(dataDir, "migrate").status).toBe(0);
    const archive = fresh("cli.zip");
    const made = kinfile(dataDir, "backup", "--to", archive);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toBe(`Backed up the SQLite database and 0 stored files to ${archive}.\n`);
    expect(made.stderr).toBe(`kinfile: warning: ${KEYS_WARNING}\n`);

    const refused = kinfile(dataDir, "restore", "--from", archive);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `kinfile restore: ${dataDir} is not empty; restore into an empty DATA_DIR (nothing was changed).\n`,
    );
    const target = fresh("cli-restored");
    const restored = kinfile(target, "restore", "--from", archive);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      /^Restored the SQLite database and 0 stored files into .+\nNow put the master key back/,
    );
    expect(existsSync(path.join(target, "kinfile.sqlite"))).toBe(true);
    expect(kinfile(target, "backup").status).toBe(2);
  }, 60_000);
});
