import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStoreKind } from "../config.ts";
import { createDataKeys, type DataKeys } from "../crypto/data-keys.ts";
import { DecryptionError } from "../crypto/envelope.ts";
import { generateMasterKeyText } from "../crypto/master-key-text.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { Dialect } from "../db/database.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { BLOB_CHUNK_BYTES } from "./blob-cipher.ts";
import { BlobNotFoundError, type BlobStore } from "./blob-store.ts";
import { createDatabaseBlobStore } from "./database-blob-store.ts";
import { createEncryptedBlobStore } from "./encrypted-blob-store.ts";
import { createFilesystemBlobStore } from "./filesystem-blob-store.ts";
import { blobsDir } from "./open-blob-store.ts";

const MARKER = "KINFILE-PLAINTEXT-MARKER-7f3a";
const RECORD_BYTES = BLOB_CHUNK_BYTES + 16;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A file made of the marker repeated, so any plaintext leak would show it. */
function markedFile(bytes: number): Buffer {
  return Buffer.from(MARKER.repeat(Math.ceil(bytes / MARKER.length) + 1)).subarray(0, bytes);
}

/** Splits an encrypted blob into its header and its chunk records. */
function split(ciphertext: Buffer): { header: Buffer; records: Buffer[] } {
  const headerBytes = 18 + ciphertext.readUInt16BE(16);
  const records: Buffer[] = [];
  for (let offset = headerBytes; offset < ciphertext.length; offset += RECORD_BYTES) {
    records.push(ciphertext.subarray(offset, offset + RECORD_BYTES));
  }
  return { header: ciphertext.subarray(0, headerBytes), records };
}

const backends: { kind: BlobStoreKind; dialect: Dialect }[] = [
  { kind: "filesystem", dialect: "sqlite" },
  ...testDialects().map((dialect) => ({ kind: "database" as const, dialect })),
];

describe.each(backends)("$kind blob store (data keys on $dialect)", ({ kind, dialect }) => {
  let database: TestDatabase;
  let dataKeys: DataKeys;
  let raw: BlobStore;
  let store: BlobStore;
  const ann = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const masterKeys = loadMasterKeyring({
      config: { dataDir: database.dataDir, masterKey: generateMasterKeyText() },
      logger: { warn() {} },
    });
    dataKeys = createDataKeys({ db: database.db, masterKeys });
    raw =
      kind === "database"
        ? createDatabaseBlobStore(database.db)
        : createFilesystemBlobStore(blobsDir(database.dataDir));
    store = createEncryptedBlobStore({ store: raw, dataKeys });
  });
  afterAll(() => database.close());

  /** Everything the backend holds, as bytes: the files under DATA_DIR/blobs or the blob_chunk rows. */
  async function everythingStored(): Promise<Buffer> {
    if (kind === "database") {
      const rows = await database.db.selectFrom("blob_chunk").select("bytes").execute();
      return Buffer.concat(rows.map((row) => Buffer.from(row.bytes)));
    }
    const root = blobsDir(database.dataDir);
    const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const contents = await Promise.all(
      files.filter((file) => file.isFile()).map((file) => readFile(path.join(file.parentPath, file.name))),
    );
    return Buffer.concat(contents);
  }

  async function storedNamesOf(owner: string): Promise<string[]> {
    if (kind === "database") {
      const rows = await database.db
        .selectFrom("blob_chunk")
        .select("blob_id")
        .where("owner_id", "=", owner)
        .execute();
      return rows.map((row) => row.blob_id);
    }
    return readdir(path.join(blobsDir(database.dataDir), owner)).catch(() => []);
  }

  it.each([
    0,
    1,
    1000,
    BLOB_CHUNK_BYTES - 1,
    BLOB_CHUNK_BYTES,
    BLOB_CHUNK_BYTES + 1,
    3 * BLOB_CHUNK_BYTES,
    1_234_567,
  ])("stores and reads back a file of %i bytes", async (bytes) => {
    const file = randomBytes(bytes);
    const id = randomUUID();
    expect(await store.put(ann, id, file)).toEqual({ size: bytes });
    expect((await bytesOf(await store.get(ann, id))).equals(file)).toBe(true);
  });

  it("encrypts a stream as it arrives, in pieces of any size", async () => {
    const file = randomBytes(300_000);
    const pieces = async function* () {
      for (let offset = 0; offset < file.length; offset += 7_001) yield file.subarray(offset, offset + 7_001);
    };
    const id = randomUUID();
    expect(await store.put(ann, id, Readable.from(pieces()))).toEqual({ size: file.length });
    expect((await bytesOf(await store.get(ann, id))).equals(file)).toBe(true);
  });

  it("keeps only ciphertext: the stored bytes hold no trace of the file", async () => {
    const id = randomUUID();
    await store.put(ann, id, markedFile(200_000));
    expect(await text(await store.get(ann, id))).toContain(MARKER);
    const stored = await everythingStored();
    expect(stored.length).toBeGreaterThan(200_000);
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes(MARKER.slice(0, 12))).toBe(false);
  });

  describe("detects tampering", () => {
    const file = randomBytes(3 * BLOB_CHUNK_BYTES + 500);
    let original: Buffer;
    const id = randomUUID();
    beforeAll(async () => {
      await store.put(ann, id, file);
      original = await bytesOf(await raw.get(ann, id));
      expect(split(original).records).toHaveLength(4);
    });

    /** Writes the ciphertext over the blob (or elsewhere) behind the encryption's back, then reads it. */
    async function readTampered(ciphertext: Buffer, as: { owner?: string; blobId?: string } = {}) {
      const owner = as.owner ?? ann;
      const blobId = as.blobId ?? id;
      await raw.put(owner, blobId, ciphertext);
      return bytesOf(await store.get(owner, blobId));
    }

    it("opens the untouched copy", async () => {
      expect((await readTampered(original)).equals(file)).toBe(true);
    });

    it("refuses a flipped byte in a chunk, its tag or the header", async () => {
      const { header, records } = split(original);
      for (const offset of [
        header.length + 10,
        header.length + RECORD_BYTES - 1,
        original.length - 1,
        6,
        12,
        30,
      ]) {
        const changed = Buffer.from(original);
        changed[offset] = (changed[offset] ?? 0) ^ 0x01;
        await expect(readTampered(changed), `byte ${offset}`).rejects.toThrow(DecryptionError);
      }
      expect(records).toHaveLength(4);
    });

    it("refuses a blob whose last chunk was dropped, or cut anywhere", async () => {
      const { header, records } = split(original);
      await expect(readTampered(Buffer.concat([header, ...records.slice(0, 3)]))).rejects.toThrow(
        DecryptionError,
      );
      await expect(readTampered(original.subarray(0, original.length - 1))).rejects.toThrow(DecryptionError);
      await expect(readTampered(header)).rejects.toThrow(DecryptionError);
      await expect(readTampered(header.subarray(0, 10))).rejects.toThrow(DecryptionError);
      await expect(readTampered(Buffer.alloc(0))).rejects.toThrow(DecryptionError);
    });

    it("refuses swapped, repeated or appended chunks", async () => {
      const { header, records } = split(original);
      const [a, b, c, d] = records as [Buffer, Buffer, Buffer, Buffer];
      await expect(readTampered(Buffer.concat([header, b, a, c, d]))).rejects.toThrow(DecryptionError);
      await expect(readTampered(Buffer.concat([header, a, a, c, d]))).rejects.toThrow(DecryptionError);
      await expect(readTampered(Buffer.concat([header, a, b, c, c, d]))).rejects.toThrow(DecryptionError);
      await expect(readTampered(Buffer.concat([header, a, b, c, d, d]))).rejects.toThrow(DecryptionError);
    });

    it("refuses chunks spliced in from another file of the same owner", async () => {
      const otherId = randomUUID();
      await store.put(ann, otherId, randomBytes(3 * BLOB_CHUNK_BYTES + 500));
      const other = split(await bytesOf(await raw.get(ann, otherId)));
      const { header, records } = split(original);
      const mixed = Buffer.concat([
        header,
        records[0] as Buffer,
        other.records[1] as Buffer,
        ...records.slice(2),
      ]);
      await expect(readTampered(mixed)).rejects.toThrow(DecryptionError);
    });

    it("refuses a blob moved to another id or another account", async () => {
      await expect(readTampered(original, { blobId: randomUUID() })).rejects.toThrow(DecryptionError);
      await expect(readTampered(original, { owner: bob, blobId: id })).rejects.toThrow(DecryptionError);
    });
  });

  it("leaves nothing behind when the source fails halfway", async () => {
    const owner = randomUUID();
    const id = randomUUID();
    const failing = async function* () {
      yield randomBytes(300_000);
      throw new Error("client went away");
    };
    await expect(store.put(owner, id, Readable.from(failing()))).rejects.toThrow("client went away");
    await expect(store.get(owner, id)).rejects.toThrow(BlobNotFoundError);
    expect(await storedNamesOf(owner)).toEqual([]);
  });

  it("replaces a blob put again under the same id", async () => {
    const id = randomUUID();
    await store.put(ann, id, Buffer.from("first"));
    await store.put(ann, id, Buffer.from("second"));
    expect(await text(await store.get(ann, id))).toBe("second");
  });

  it("deletes one blob, then all of an account's, and no one else's", async () => {
    const owner = randomUUID();
    const first = randomUUID();
    const second = randomUUID();
    const kept = randomUUID();
    await store.put(owner, first, Buffer.from("one"));
    await store.put(owner, second, Buffer.from("two"));
    await store.put(bob, kept, Buffer.from("bob's"));
    await store.delete(owner, first);
    await store.delete(owner, first);
    await expect(store.get(owner, first)).rejects.toThrow(BlobNotFoundError);
    expect(await text(await store.get(owner, second))).toBe("two");
    await store.deleteAllOf(owner);
    await expect(store.get(owner, second)).rejects.toThrow(BlobNotFoundError);
    expect(await storedNamesOf(owner)).toEqual([]);
    expect(await text(await store.get(bob, kept))).toBe("bob's");
  });

  it("refuses ids that are not plain identifiers", async () => {
    for (const bad of ["../etc", "a/b", "", ".hidden", "x".repeat(200)]) {
      await expect(store.put(ann, bad, Buffer.from("x"))).rejects.toThrow(/not a valid blob id/);
      await expect(store.get(bad, randomUUID())).rejects.toThrow(/not a valid owner id/);
    }
  });
});
