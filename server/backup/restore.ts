import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { text } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { SECRET_FILE } from "../auth/secret.ts";
import { parseMasterKey } from "../crypto/master-key-text.ts";
import { MASTER_KEY_FILE, PREVIOUS_MASTER_KEY_FILE } from "../crypto/master-keys.ts";
import { SQLITE_FILE } from "../db/database.ts";
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
import { BackupError } from "./backup.ts";

/** Where an entry of the archive goes in DATA_DIR; undefined for a name a backup never has. */
function targetOf(dataDir: string, name: string): string | undefined {
  if (name === DATABASE_ENTRY) return path.join(dataDir, SQLITE_FILE);
  if (!name.startsWith(BLOBS_PREFIX)) return undefined;
  const [owner, blob, ...rest] = name.slice(BLOBS_PREFIX.length).split("/");
  if (owner === undefined || blob === undefined || rest.length > 0 || !isSafeId(owner) || !isSafeId(blob))
    return undefined;
  return path.join(blobsDir(dataDir), owner, blob);
}

async function readKeys(file: string): Promise<BackupKeys> {
  let keys: BackupKeys;
  try {
    keys = JSON.parse(await readFile(file, "utf8")) as BackupKeys;
  } catch (error) {
    throw new BackupError(`${file} is not a Kinfile keys file (${(error as Error).message}).`);
  }
  if (keys.format !== BACKUP_FORMAT || parseMasterKey(keys.masterKey) === undefined)
    throw new BackupError(`${file} is not a Kinfile keys file (no master key in it).`);
  return keys;
}

export type RestoreResult = { manifest: BackupManifest; keysRestored: boolean };

/**
 * Restores an archive made by createBackup into an empty DATA_DIR: the SQLite database and the
 * blobs (for PostgreSQL, the blobs only: the database comes back with pg_restore), and, given the
 * keys file, the master key and the session secret. Refuses a DATA_DIR that holds anything, and an
 * archive that is not a backup; a restore that fails halfway leaves DATA_DIR empty again.
 */
export async function restoreBackup(options: {
  from: string;
  dataDir: string;
  keysFrom?: string;
}): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (present.length > 0)
    throw new BackupError(`${dataDir} is not empty; restore into an empty DATA_DIR (nothing was changed).`);
  const keys = options.keysFrom === undefined ? undefined : await readKeys(options.keysFrom);

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path.resolve(options.from), { lazyEntries: true, strictFileNames: true });
  } catch (error) {
    throw new BackupError(`${options.from} is not a Kinfile backup (${(error as Error).message}).`);
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest | undefined;
  let databaseRestored = false;
  let blobsRestored = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue;
      const stream = await zip.openReadStreamPromise(entry);
      if (entry.fileName === MANIFEST) {
        manifest = JSON.parse(await text(stream)) as BackupManifest;
        if (manifest.format !== BACKUP_FORMAT)
          throw new BackupError(
            `${options.from} is a backup of format ${manifest.format}, not ${BACKUP_FORMAT}.`,
          );
        continue;
      }
      const target = targetOf(dataDir, entry.fileName);
      if (target === undefined)
        throw new BackupError(
          `${options.from} is not a Kinfile backup (it holds ${JSON.stringify(entry.fileName)}).`,
        );
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(stream, createWriteStream(target, { mode: 0o600, flags: "wx" }));
      if (entry.fileName === DATABASE_ENTRY) databaseRestored = true;
      else blobsRestored += 1;
    }
    if (manifest === undefined)
      throw new BackupError(`${options.from} is not a Kinfile backup (no ${MANIFEST}).`);
    if ((manifest.database === "sqlite") !== databaseRestored || manifest.blobs !== blobsRestored)
      throw new BackupError(`${options.from} is incomplete: it does not hold what its manifest lists.`);
    if (keys !== undefined) {
      const write = (name: string, value: string) =>
        writeFile(path.join(dataDir, name), `${value}\n`, { mode: 0o600, flag: "wx" });
      await write(MASTER_KEY_FILE, keys.masterKey);
      if (keys.previousMasterKey !== undefined) await write(PREVIOUS_MASTER_KEY_FILE, keys.previousMasterKey);
      if (keys.authSecret !== undefined) await write(SECRET_FILE, keys.authSecret);
    }
  } catch (error) {
    // DATA_DIR was empty: empty it again rather than leave half a restore that might start.
    for (const name of await readdir(dataDir))
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
  }
  return { manifest, keysRestored: keys !== undefined };
}
