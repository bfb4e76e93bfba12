import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { assertSafeId, type BlobBody, BlobNotFoundError, type BlobStore, toReadable } from "./blob-store.ts";

/** Bytes per blob_chunk row: large enough to keep a 5 MB file to about 20 rows, small enough to stream. */
const DATABASE_CHUNK_BYTES = 256 * 1024;

/**
 * Blobs as rows of blob_chunk (blob_id, owner_id, seq, bytes), for several app servers sharing one
 * PostgreSQL. A put writes its rows under a private staging id while the body streams in (no
 * transaction held open for a slow upload), then one short transaction swaps them in under the
 * blob's id; a put that fails deletes its staged rows.
 */
export function createDatabaseBlobStore(db: Kysely<DB>): BlobStore {
  async function insertRow(ownerId: string, blobId: string, seq: number, bytes: Buffer) {
    await db.insertInto("blob_chunk").values({ blob_id: blobId, owner_id: ownerId, seq, bytes }).execute();
  }

  return {
    async put(ownerId: string, blobId: string, body: BlobBody) {
      assertSafeId("owner", ownerId);
      assertSafeId("blob", blobId);
      // Never a valid blob id (it has a dot), so a staged blob cannot be read or collide with one.
      const staging = `${blobId}.staging-${randomBytes(6).toString("hex")}`;
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (all: boolean) => {
        let buffer = Buffer.concat(pending, pendingBytes);
        while (buffer.length >= DATABASE_CHUNK_BYTES || (all && (buffer.length > 0 || seq === 0))) {
          const row = buffer.subarray(0, DATABASE_CHUNK_BYTES);
          await insertRow(ownerId, staging, seq, Buffer.from(row));
          seq += 1;
          buffer = buffer.subarray(row.length);
        }
        pending = buffer.length > 0 ? [buffer] : [];
        pendingBytes = buffer.length;
      };
      try {
        for await (const chunk of toReadable(body)) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= DATABASE_CHUNK_BYTES) await flush(false);
        }
        await flush(true);
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom("blob_chunk")
            .where("owner_id", "=", ownerId)
            .where("blob_id", "=", blobId)
            .execute();
          await trx
            .updateTable("blob_chunk")
            .set({ blob_id: blobId })
            .where("owner_id", "=", ownerId)
            .where("blob_id", "=", staging)
            .execute();
        });
      } catch (error) {
        await db
          .deleteFrom("blob_chunk")
          .where("owner_id", "=", ownerId)
          .where("blob_id", "=", staging)
          .execute();
        throw error;
      }
      return { size };
    },

    async get(ownerId: string, blobId: string) {
      assertSafeId("owner", ownerId);
      assertSafeId("blob", blobId);
      const rows = await db
        .selectFrom("blob_chunk")
        .select("seq")
        .where("owner_id", "=", ownerId)
        .where("blob_id", "=", blobId)
        .orderBy("seq")
        .execute();
      if (rows.length === 0) throw new BlobNotFoundError(blobId);
      // One row in memory at a time, read as the consumer asks for more.
      async function* chunks() {
        for (const { seq } of rows) {
          const row = await db
            .selectFrom("blob_chunk")
            .select("bytes")
            .where("owner_id", "=", ownerId)
            .where("blob_id", "=", blobId)
            .where("seq", "=", seq)
            .executeTakeFirst();
          if (row === undefined) throw new BlobNotFoundError(blobId);
          yield Buffer.from(row.bytes);
        }
      }
      return Readable.from(chunks());
    },

    async delete(ownerId: string, blobId: string) {
      await db
        .deleteFrom("blob_chunk")
        .where("owner_id", "=", ownerId)
        .where("blob_id", "=", blobId)
        .execute();
    },

    async deleteAllOf(ownerId: string, within?: Kysely<DB>) {
      await (within ?? db).deleteFrom("blob_chunk").where("owner_id", "=", ownerId).execute();
    },
  };
}
