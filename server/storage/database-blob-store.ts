import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  assertSafeId,
  type BlobBackend,
  type BlobBody,
  BlobNotFoundError,
  toReadable,
} from "./blob-store.ts";

/** What names staged rows: `<blob id>.staging-<hex>`, never a valid blob id (it has a dot). */
const STAGING_MARK = ".staging-";

/** Bytes per blob_chunk row: large enough to keep a 5 MB file to about 20 rows, small enough to stream. */
const DATABASE_CHUNK_BYTES = 256 * 1024;

/**
 * Blobs as rows of blob_chunk (blob_id, owner_id, seq, bytes), for several app servers sharing one
 * PostgreSQL. A put writes its rows under a private staging id while the body streams in (no
 * transaction held open for a slow upload), then one short transaction swaps them in under the
 * blob's id; a put that fails deletes its staged rows. Each row keeps when it was written (the
 * swap's time once swapped in), for the leftovers' sweep.
 */
export function createDatabaseBlobStore(db: Kysely<DB>, clock: () => number = Date.now): BlobBackend {
  async function insertRow(ownerId: string, blobId: string, seq: number, bytes: Buffer) {
    await db
      .insertInto("blob_chunk")
      .values({ blob_id: blobId, owner_id: ownerId, seq, bytes, written_at: clock() })
      .execute();
  }

  return {
    async put(ownerId: string, blobId: string, body: BlobBody) {
      assertSafeId("owner", ownerId);
      assertSafeId("blob", blobId);
      // Never a valid blob id, so a staged blob cannot be read or collide with one.
      const staging = `${blobId}${STAGING_MARK}${randomBytes(6).toString("hex")}`;
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
            .set({ blob_id: blobId, written_at: clock() })
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

    async removeUnfinished(before: number) {
      // A staged write is abandoned when even its newest row is old: an upload still streaming in
      // keeps adding rows.
      const abandoned = await db
        .selectFrom("blob_chunk")
        .select(["owner_id", "blob_id"])
        .where("blob_id", "like", `%${STAGING_MARK}%`)
        .groupBy(["owner_id", "blob_id"])
        // Rows staged before written_at existed (null) count as old.
        .having((eb) => eb.fn.coalesce(eb.fn.max("written_at"), eb.lit(0)), "<", before)
        .execute();
      for (const { owner_id, blob_id } of abandoned) {
        await db
          .deleteFrom("blob_chunk")
          .where("owner_id", "=", owner_id)
          .where("blob_id", "=", blob_id)
          .execute();
      }
      return abandoned.length;
    },

    async *owners() {
      // The first row of every blob, in key order: the primary key's index serves it.
      const rows = await db
        .selectFrom("blob_chunk")
        .select(["owner_id", "blob_id"])
        .where("seq", "=", 0)
        .where("blob_id", "not like", `%${STAGING_MARK}%`)
        .orderBy("owner_id")
        .execute();
      let current: { ownerId: string; blobIds: string[] } | undefined;
      for (const { owner_id, blob_id } of rows) {
        if (current !== undefined && current.ownerId !== owner_id) {
          yield current;
          current = undefined;
        }
        current ??= { ownerId: owner_id, blobIds: [] };
        current.blobIds.push(blob_id);
      }
      if (current !== undefined) yield current;
    },

    async removeWrittenBefore(ownerId: string, blobIds: readonly string[], before: number) {
      if (blobIds.length === 0) return 0;
      const old = await db
        .selectFrom("blob_chunk")
        .select("blob_id")
        .where("owner_id", "=", ownerId)
        .where("blob_id", "in", [...blobIds])
        .where("seq", "=", 0)
        .where((eb) => eb.or([eb("written_at", "is", null), eb("written_at", "<", before)]))
        .execute();
      if (old.length === 0) return 0;
      await db
        .deleteFrom("blob_chunk")
        .where("owner_id", "=", ownerId)
        .where(
          "blob_id",
          "in",
          old.map((row) => row.blob_id),
        )
        .execute();
      return old.length;
    },
  };
}
