import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { SECRET_FILE } from "../auth/secret.ts";
import type { Config } from "../config.ts";
import { MASTER_KEY_FILE, PREVIOUS_MASTER_KEY_FILE } from "../crypto/master-keys.ts";
import { type Database, SQLITE_FILE } from "../db/database.ts";
import { isSafeId } from "../storage/blob-store.ts";
import { blobsDir } from "../storage/open-blob-store.ts";
import {
  BACKUP_FORMAT,
  type BackupKeys,
  type BackupManifest,
  BLOBS_PREFIX,
  DATABASE_ENTRY,
  MANIFEST,
} from "./archive-layout.ts";

/** A backup or restore that cannot be done as asked, worded for the operator (one line). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The filesystem store's blobs, as `[owner, blob]`: finished ones only (no `.tmp-*`). */
async function storedBlobs(root: string): Promise<[string, string][]> {
  const owners = await readdir(root).catch(() => []);
  const found: [string, string][] = [];
  for (const owner of owners.filter(isSafeId)) {
    const names = await readdir(path.join(root, owner)).catch(() => []);
    for (const name of names.filter(isSafeId)) found.push([owner, name]);
  }
  return found;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Writes a file that must not exist yet, readable by its owner only, whole or not at all. */
async function writeNew(target: string, write: (temp: string) => Promise<void>): Promise<void> {
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose another name.`);
  const temp = `${target}.partial-${randomBytes(4).toString("hex")}`;
  try {
    await write(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export type BackupResult = { manifest: BackupManifest; keysWritten: boolean };

/**
 * Writes one ZIP of what DATA_DIR and the database hold: the SQLite database copied online (the
 * server may keep running) and the filesystem store's blobs, with a manifest. The master key and
 * the session secret are never in it; with `keysTo` they go to a keys file of their own (0600).
 * For PostgreSQL the archive holds the blobs only: the database is dumped with pg_dump.
 */
export async function createBackup(options: {
  config: Pick<Config, "dataDir" | "databaseUrl" | "blobStore" | "masterKey" | "authSecret">;
  database: Database;
  to: string;
  keysTo?: string;
}): Promise<BackupResult> {
  const { config, database } = options;
  const to = path.resolve(options.to);
  if (options.keysTo !== undefined && path.resolve(options.keysTo) === to)
    throw new BackupError("--keys-to must name another file than --to: the keys are kept apart.");
  const versions = await database.db.selectFrom("account_key").select("key_version").distinct().execute();
  const blobs = config.blobStore === "filesystem" ? await storedBlobs(blobsDir(config.dataDir)) : [];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: database.dialect,
    blobStore: config.blobStore,
    blobs: blobs.length,
    masterKeyIds: versions.map((row) => row.key_version),
  };

  const scratch = await mkdtemp(path.join(tmpdir(), "kinfile-backup-"));
  try {
    await writeNew(to, async (temp) => {
      const zip = new yazl.ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(temp, { mode: 0o600, flags: "wx" }));
      zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST, { mode: 0o600 });
      if (database.dialect === "sqlite") {
        // A connection of its own, so the copy runs page by page beside the server's writes.
        const source = new DatabaseSync(path.join(config.dataDir, SQLITE_FILE));
        const copy = path.join(scratch, SQLITE_FILE);
        try {
          await sqliteBackup(source, copy);
        } finally {
          source.close();
        }
        zip.addFile(copy, DATABASE_ENTRY, { mode: 0o600 });
      }
      for (const [owner, blob] of blobs) {
        // Ciphertext does not compress: stored as is.
        zip.addFile(path.join(blobsDir(config.dataDir), owner, blob), `${BLOBS_PREFIX}${owner}/${blob}`, {
          mode: 0o600,
          compress: false,
        });
      }
      zip.end();
      await written;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  if (options.keysTo === undefined) return { manifest, keysWritten: false };
  const masterKey = config.masterKey ?? (await readText(path.join(config.dataDir, MASTER_KEY_FILE)));
  if (masterKey === undefined)
    throw new BackupError(
      `no master key to write: DATA_DIR/${MASTER_KEY_FILE} is missing and KINFILE_MASTER_KEY is not set.`,
    );
  const previous = await readText(path.join(config.dataDir, PREVIOUS_MASTER_KEY_FILE));
  const authSecret =
    config.authSecret === undefined ? await readText(path.join(config.dataDir, SECRET_FILE)) : undefined;
  const keys: BackupKeys = {
    format: BACKUP_FORMAT,
    masterKey,
    ...(previous === undefined ? {} : { previousMasterKey: previous }),
    ...(authSecret === undefined ? {} : { authSecret }),
  };
  await writeNew(path.resolve(options.keysTo), (temp) =>
    writeFile(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: "wx" }),
  );
  return { manifest, keysWritten: true };
}
