import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** What a blob is written from: a stream (an upload as it arrives) or bytes already in memory. */
export type BlobBody = Readable | AsyncIterable<Uint8Array> | Uint8Array;

/**
 * Where files live, one blob per (owner, id). Every implementation writes a blob whole or not at
 * all: a put that fails (a refused or broken upload) leaves nothing behind, and a put over an
 * existing id replaces it only once the new one is complete.
 */
export type BlobStore = {
  /** Stores the body; answers the number of bytes the caller gave (before any encryption). */
  put(ownerId: string, blobId: string, body: BlobBody): Promise<{ size: number }>;
  /** The blob's bytes as a stream; rejects with BlobNotFoundError when there is none. */
  get(ownerId: string, blobId: string): Promise<Readable>;
  /** Removes one blob; nothing happens when it is already gone. */
  delete(ownerId: string, blobId: string): Promise<void>;
  /**
   * Removes every blob of an account (account deletion). `within` is the deletion's transaction:
   * the database store deletes its rows inside it, so they go or stay with the account.
   */
  deleteAllOf(ownerId: string, within?: Kysely<DB>): Promise<void>;
};

/**
 * What a backend offers the leftovers' sweep (leftovers.ts): a process killed mid-write leaves an
 * unfinished write (a temporary file, staged rows), and one killed between storing a blob and
 * saving the row that names it leaves a blob nothing names. Times are epoch ms of the last write.
 */
export type BlobLeftovers = {
  /** Removes the unfinished writes last written before `before`; answers how many. */
  removeUnfinished(before: number): Promise<number>;
  /** Every stored blob id (unfinished writes aside), one owner at a time. */
  owners(): AsyncIterable<{ ownerId: string; blobIds: string[] }>;
  /** Removes those of the owner's blobs written before `before`; answers how many. */
  removeWrittenBefore(ownerId: string, blobIds: readonly string[], before: number): Promise<number>;
};

/** A backend: the store itself and its housekeeping. */
export type BlobBackend = BlobStore & BlobLeftovers;

export class BlobNotFoundError extends Error {
  override name = "BlobNotFoundError";
}

export function toReadable(body: BlobBody): Readable {
  if (body instanceof Readable) return body;
  // Readable.from emits a Buffer as one chunk; a plain Uint8Array would be iterated byte by byte.
  if (body instanceof Uint8Array)
    return Readable.from([Buffer.from(body.buffer, body.byteOffset, body.length)]);
  return Readable.from(body);
}

/**
 * Owner and blob ids become path segments and keys: only plain identifiers (UUIDs, better-auth's
 * ids) are accepted, so no id can walk out of its folder.
 */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isSafeId(id: string): boolean {
  return SAFE_ID.test(id);
}

export function assertSafeId(kind: "owner" | "blob", id: string): void {
  if (!isSafeId(id)) throw new Error(`not a valid ${kind} id for the blob store: ${JSON.stringify(id)}`);
}
