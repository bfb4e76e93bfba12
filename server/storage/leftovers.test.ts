import { randomUUID } from "node:crypto";
import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BlobStoreKind } from "../config.ts";
import { documentBlobReferences } from "../modules/documents/blob-references.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import type { BlobBackend } from "./blob-store.ts";
import { createDatabaseBlobStore } from "./database-blob-store.ts";
import { createFilesystemBlobStore } from "./filesystem-blob-store.ts";
import { LEFTOVER_SAFE_AGE_MS, sweepBlobLeftovers } from "./leftovers.ts";
import { blobsDir } from "./open-blob-store.ts";

const HOUR = 60 * 60_000;

const backends = testDialects().flatMap((dialect) =>
  (["filesystem", "database"] as BlobStoreKind[]).map((kind) => ({ kind, dialect })),
);

/*
 * A killed process is simulated by what it leaves: a temporary file or staged rows it never
 * finished, a blob whose document row it never saved. "Old" is past the safe age, "young" within it.
 */
describe.each(backends)("blob store leftovers ($kind on $dialect)", ({ kind, dialect }) => {
  let database: TestDatabase;
  let backend: BlobBackend;
  let now = Date.now();
  const ann = randomUUID();
  const bob = randomUUID();
  const bytes = Buffer.alloc(300_000, 7);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    backend =
      kind === "database"
        ? createDatabaseBlobStore(database.db, () => now)
        : createFilesystemBlobStore(blobsDir(database.dataDir));
  });
  afterEach(async () => {
    await backend.deleteAllOf(ann);
    await backend.deleteAllOf(bob);
    await database.db.deleteFrom("document").execute();
    now = Date.now();
  });
  afterAll(() => database.close());

  const sweep = () =>
    sweepBlobLeftovers({ backend, referenced: documentBlobReferences(database.db), now: Date.now() });

  /** Stores a blob written `age` ms ago. */
  async function blobOfAge(owner: string, age: number): Promise<string> {
    const id = randomUUID();
    now = Date.now() - age;
    await backend.put(owner, id, bytes);
    now = Date.now();
    if (kind === "filesystem") {
      const time = new Date(Date.now() - age);
      await utimes(path.join(blobsDir(database.dataDir), owner, id), time, time);
    }
    return id;
  }

  /** What a put killed mid-write leaves: a temporary file, or staged rows written at these ages. */
  async function unfinishedWrite(owner: string, ...rowAges: number[]): Promise<void> {
    const id = randomUUID();
    if (kind === "filesystem") {
      const folder = path.join(blobsDir(database.dataDir), owner);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `.tmp-${id}-a1b2c3d4e5f6`);
      await writeFile(file, bytes);
      const time = new Date(Date.now() - Math.min(...rowAges));
      await utimes(file, time, time);
      return;
    }
    await database.db
      .insertInto("blob_chunk")
      .values(
        rowAges.map((age, seq) => ({
          owner_id: owner,
          blob_id: `${id}.staging-a1b2c3d4e5f6`,
          seq,
          bytes,
          written_at: Date.now() - age,
        })),
      )
      .execute();
  }

  async function documentHolding(owner: string, blobId: string): Promise<void> {
    await database.db
      .insertInto("document")
      .values({
        id: randomUUID(),
        owner_id: owner,
        module: "inventory",
        type: "documentlibrary",
        blob_id: blobId,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  }

  /** Every name the backend holds for an owner, unfinished writes included. */
  async function storedNames(owner: string): Promise<string[]> {
    if (kind === "filesystem")
      return (await readdir(path.join(blobsDir(database.dataDir), owner)).catch(() => [])).sort();
    const rows = await database.db
      .selectFrom("blob_chunk")
      .select("blob_id")
      .distinct()
      .where("owner_id", "=", owner)
      .execute();
    return rows.map((row) => row.blob_id).sort();
  }

  it("removes unfinished writes older than the safe age, and keeps a young one", async () => {
    await unfinishedWrite(ann, 2 * HOUR);
    await unfinishedWrite(bob, 3 * HOUR);
    await unfinishedWrite(ann, 10 * 60_000);
    expect(await sweep()).toEqual({ unfinished: 2, orphans: 0 });
    const left = await storedNames(ann);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(kind === "filesystem" ? /^\.tmp-/ : /\.staging-/);
    expect(await storedNames(bob)).toEqual([]);
  });

  it.runIf(kind === "database")(
    "keeps staged rows whose first row is old while the upload still writes its last",
    async () => {
      await unfinishedWrite(ann, 3 * HOUR, 2 * HOUR, 60_000);
      expect(await sweep()).toEqual({ unfinished: 0, orphans: 0 });
      expect(await storedNames(ann)).toHaveLength(1);
    },
  );

  it("removes an old blob no document holds, keeps held blobs and young unnamed ones", async () => {
    const orphan = await blobOfAge(ann, 2 * HOUR);
    await blobOfAge(bob, LEFTOVER_SAFE_AGE_MS + 60_000);
    const held = await blobOfAge(ann, 5 * HOUR);
    await documentHolding(ann, held);
    const justStored = await blobOfAge(ann, 60_000);
    // Bob's document holding Ann's blob id does not make Ann's blob held.
    await documentHolding(bob, orphan);
    expect(await sweep()).toEqual({ unfinished: 0, orphans: 2 });
    expect(await storedNames(ann)).toEqual([held, justStored].sort());
    expect(await storedNames(bob)).toEqual([]);
  });

  it("finds nothing to remove in a clean store, and a second sweep finds nothing more", async () => {
    const held = await blobOfAge(ann, 2 * HOUR);
    await documentHolding(ann, held);
    await unfinishedWrite(ann, 2 * HOUR);
    await blobOfAge(bob, 2 * HOUR);
    expect(await sweep()).toEqual({ unfinished: 1, orphans: 1 });
    expect(await sweep()).toEqual({ unfinished: 0, orphans: 0 });
    expect(await storedNames(ann)).toEqual([held]);
  });
});
