import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { DataKeys } from "../crypto/data-keys.ts";
import { DecryptionError } from "../crypto/envelope.ts";

/**
 * Streaming AES-256-GCM for stored files, so that neither an upload nor a download holds a whole
 * file in memory and a change anywhere in a stored blob is detected.
 *
 * Layout of an encrypted blob:
 *   header  "KFB1" | chunk size (u32) | file nonce (8 bytes) | wrapped key length (u16) | wrapped key
 *   chunks  [ciphertext of up to `chunk size` bytes | tag (16 bytes)] ...
 *
 * - Each blob has its own random 256-bit file key, wrapped with the owner's data key
 *   (DataKeys.encryptFor, bound to the owner and the blob id): a blob copied under another id or
 *   account does not open, and a master key rotation re-wraps data keys without touching blobs.
 * - Chunk i is sealed with nonce = file nonce | i (u32 big-endian); unique per key by construction.
 * - Its associated data is the header's fixed part, i and a final-chunk flag: reordered, swapped,
 *   dropped or appended chunks, and a blob cut at a chunk boundary, all fail to open.
 * - The last chunk is the only one flagged final; an empty file is one empty final chunk.
 */

export const BLOB_CHUNK_BYTES = 64 * 1024;
const MAGIC = Buffer.from("KFB1", "ascii");
const TAG_BYTES = 16;
const FILE_KEY_BYTES = 32;
const FILE_NONCE_BYTES = 8;
/** magic | chunk size | file nonce: the part of the header every chunk's associated data repeats. */
const FIXED_HEADER_BYTES = MAGIC.length + 4 + FILE_NONCE_BYTES;
const HEADER_PREFIX_BYTES = FIXED_HEADER_BYTES + 2;
/** Far above any real chunk size; refuses a forged header asking for huge buffers. */
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
const MAX_CHUNKS = 2 ** 32;

function keyAad(blobId: string): string {
  return `blob:${blobId}`;
}

function chunkNonce(fileNonce: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  fileNonce.copy(nonce, 0);
  nonce.writeUInt32BE(index, FILE_NONCE_BYTES);
  return nonce;
}

function chunkAad(fixedHeader: Buffer, index: number, final: boolean): Buffer {
  const aad = Buffer.alloc(fixedHeader.length + 5);
  fixedHeader.copy(aad, 0);
  aad.writeUInt32BE(index, fixedHeader.length);
  aad[fixedHeader.length + 4] = final ? 1 : 0;
  return aad;
}

/** Gathers incoming buffers and hands them out in exact sizes without copying more than needed. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  peek(count: number): Buffer {
    const first = this.parts[0];
    if (first !== undefined && first.length >= count) return first.subarray(0, count);
    return Buffer.concat(this.parts, this.length).subarray(0, count);
  }

  take(count: number): Buffer {
    const first = this.parts[0];
    if (first !== undefined && first.length >= count) {
      const taken = first.subarray(0, count);
      if (first.length === count) this.parts.shift();
      else this.parts[0] = first.subarray(count);
      this.length -= count;
      return taken;
    }
    const all = Buffer.concat(this.parts, this.length);
    this.parts = all.length > count ? [all.subarray(count)] : [];
    this.length -= count;
    return all.subarray(0, count);
  }
}

type BlobContext = { dataKeys: DataKeys; ownerId: string; blobId: string };

/** A Transform that turns a file's bytes into its encrypted blob; `plaintextBytes` counts what went in. */
export type EncryptingStream = Transform & { readonly plaintextBytes: number };

export async function createEncryptingStream(context: BlobContext): Promise<EncryptingStream> {
  const fileKey = randomBytes(FILE_KEY_BYTES);
  const fileNonce = randomBytes(FILE_NONCE_BYTES);
  const wrappedKey = await context.dataKeys.encryptFor(context.ownerId, fileKey, keyAad(context.blobId));
  const header = Buffer.alloc(HEADER_PREFIX_BYTES + wrappedKey.length);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(BLOB_CHUNK_BYTES, MAGIC.length);
  fileNonce.copy(header, MAGIC.length + 4);
  header.writeUInt16BE(wrappedKey.length, FIXED_HEADER_BYTES);
  wrappedKey.copy(header, HEADER_PREFIX_BYTES);
  const fixedHeader = header.subarray(0, FIXED_HEADER_BYTES);

  const queue = new ByteQueue();
  let index = 0;
  let plaintextBytes = 0;

  // One key object per file: creating ciphers from raw key bytes re-validates them every chunk.
  const key: KeyObject = createSecretKey(fileKey);

  /** Pushes chunk `index` sealed: its ciphertext, then its tag (no copy into one buffer). */
  function seal(stream: Transform, plaintext: Buffer, final: boolean): void {
    if (index >= MAX_CHUNKS) throw new Error("a blob cannot hold more than 2^32 chunks");
    const cipher = createCipheriv("aes-256-gcm", key, chunkNonce(fileNonce, index), {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(chunkAad(fixedHeader, index, final));
    stream.push(cipher.update(plaintext));
    const rest = cipher.final();
    if (rest.length > 0) stream.push(rest);
    stream.push(cipher.getAuthTag());
    index += 1;
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      try {
        plaintextBytes += chunk.length;
        queue.push(chunk);
        // A chunk is sealed once more bytes follow it: only then is it known not to be the last.
        while (queue.length > BLOB_CHUNK_BYTES) seal(this, queue.take(BLOB_CHUNK_BYTES), false);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        seal(this, queue.take(queue.length), true);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  stream.push(header);
  Object.defineProperty(stream, "plaintextBytes", { get: () => plaintextBytes });
  return stream as EncryptingStream;
}

/** A Transform that turns an encrypted blob back into the file's bytes, chunk by verified chunk. */
export function createDecryptingStream(context: BlobContext): Transform {
  const queue = new ByteQueue();
  let opened: { fileKey: KeyObject; fileNonce: Buffer; fixedHeader: Buffer; recordBytes: number } | undefined;
  let index = 0;

  async function readHeader(): Promise<boolean> {
    if (queue.length < HEADER_PREFIX_BYTES) return false;
    const prefix = queue.peek(HEADER_PREFIX_BYTES);
    if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) throw new DecryptionError("not a Kinfile blob");
    const chunkBytes = prefix.readUInt32BE(MAGIC.length);
    if (chunkBytes === 0 || chunkBytes > MAX_CHUNK_BYTES) throw new DecryptionError("bad chunk size");
    const wrappedLength = prefix.readUInt16BE(FIXED_HEADER_BYTES);
    if (queue.length < HEADER_PREFIX_BYTES + wrappedLength) return false;
    const header = Buffer.from(queue.take(HEADER_PREFIX_BYTES + wrappedLength));
    const fileKey = await context.dataKeys.decryptFor(
      context.ownerId,
      header.subarray(HEADER_PREFIX_BYTES),
      keyAad(context.blobId),
    );
    opened = {
      fileKey: createSecretKey(fileKey),
      fileNonce: header.subarray(MAGIC.length + 4, FIXED_HEADER_BYTES),
      fixedHeader: header.subarray(0, FIXED_HEADER_BYTES),
      recordBytes: chunkBytes + TAG_BYTES,
    };
    return true;
  }

  function open(record: Buffer, final: boolean): Buffer {
    if (opened === undefined || record.length < TAG_BYTES || index >= MAX_CHUNKS) {
      throw new DecryptionError("the blob is truncated");
    }
    const decipher = createDecipheriv("aes-256-gcm", opened.fileKey, chunkNonce(opened.fileNonce, index), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(chunkAad(opened.fixedHeader, index, final));
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    try {
      // Released only once final() has checked the tag: no unverified byte leaves this stream.
      const plaintext = decipher.update(record.subarray(0, record.length - TAG_BYTES));
      const rest = decipher.final();
      index += 1;
      return rest.length > 0 ? Buffer.concat([plaintext, rest]) : plaintext;
    } catch {
      throw new DecryptionError(`chunk ${index} of the blob does not open: changed, moved or cut`);
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      queue.push(chunk);
      (async () => {
        if (opened === undefined && !(await readHeader())) return;
        const recordBytes = opened?.recordBytes ?? 0;
        // Hold the last record back until the end: only the final one may carry the final flag.
        while (queue.length > recordBytes) this.push(open(queue.take(recordBytes), false));
      })().then(() => done(), done);
    },
    flush(done: TransformCallback) {
      (async () => {
        if (opened === undefined && !(await readHeader())) throw new DecryptionError("the blob is truncated");
        this.push(open(queue.take(queue.length), true));
      })().then(() => done(), done);
    },
  });
}
