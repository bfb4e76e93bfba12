import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertSafeId,
  type BlobBackend,
  type BlobBody,
  BlobNotFoundError,
  isSafeId,
  toReadable,
} from "./blob-store.ts";

/** Names of blobs still being written; never read as blobs, removed when their write fails. */
const TEMP_PREFIX = ".tmp-";

/**
 * The entries of a folder, none when it does not exist (no blob stored yet, or removed meanwhile)
 * or is not a folder (something else an operator left there).
 */
async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
}

/** The file's last write (epoch ms), undefined when it is gone. */
async function writtenAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Blobs as files under `<root>/<owner>/<blob id>` (root is DATA_DIR/blobs). A blob is written to a
 * temporary file in the same folder, flushed to disk, then renamed over its name: readers see the
 * old file or the whole new one, and a failed write leaves nothing. A temporary file's time is
 * its last write, so a slow upload still streaming in keeps it young.
 */
export function createFilesystemBlobStore(root: string): BlobBackend {
  function ownerDir(ownerId: string): string {
    assertSafeId("owner", ownerId);
    return path.join(root, ownerId);
  }

  function blobPath(ownerId: string, blobId: string): string {
    assertSafeId("blob", blobId);
    return path.join(ownerDir(ownerId), blobId);
  }

  return {
    async put(ownerId: string, blobId: string, body: BlobBody) {
      const target = blobPath(ownerId, blobId);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = path.join(
        path.dirname(target),
        `${TEMP_PREFIX}${blobId}-${randomBytes(6).toString("hex")}`,
      );
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        // flush: fsync before close, so a rename never publishes a file still in the page cache only.
        await pipeline(
          toReadable(body),
          counter,
          createWriteStream(temp, { flags: "wx", mode: 0o600, flush: true }),
        );
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size };
    },

    async get(ownerId: string, blobId: string) {
      try {
        const handle = await open(blobPath(ownerId, blobId), "r");
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(blobId);
        throw error;
      }
    },

    async delete(ownerId: string, blobId: string) {
      await rm(blobPath(ownerId, blobId), { force: true });
    },

    async deleteAllOf(ownerId: string) {
      await rm(ownerDir(ownerId), { recursive: true, force: true });
    },

    async removeUnfinished(before: number) {
      let removed = 0;
      for (const owner of await entriesOf(root)) {
        for (const name of await entriesOf(path.join(root, owner))) {
          if (!name.startsWith(TEMP_PREFIX)) continue;
          const file = path.join(root, owner, name);
          const time = await writtenAt(file);
          if (time === undefined || time >= before) continue;
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    async *owners() {
      for (const ownerId of await entriesOf(root)) {
        if (!isSafeId(ownerId)) continue;
        const names = await entriesOf(path.join(root, ownerId));
        const blobIds = names.filter(isSafeId);
        if (blobIds.length > 0) yield { ownerId, blobIds };
      }
    },

    async removeWrittenBefore(ownerId: string, blobIds: readonly string[], before: number) {
      let removed = 0;
      for (const blobId of blobIds) {
        const file = blobPath(ownerId, blobId);
        const time = await writtenAt(file);
        if (time === undefined || time >= before) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
