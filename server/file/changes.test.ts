import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressInputSchema } from "../../domain/schemas/address.ts";
import { categoryDef } from "../../domain/sections/index.ts";
import type { Actor } from "../auth/access.ts";
import { loadConfig } from "../config.ts";
import { createDataKeys } from "../crypto/data-keys.ts";
import { generateMasterKeyText } from "../crypto/master-key-text.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { createAddressService } from "../modules/addresses/service.ts";
import { createListCache } from "../modules/records/list-cache.ts";
import { recordSearchDoc } from "../modules/records/search-source.ts";
import { createRecordService } from "../modules/records/service.ts";
import type { ReminderJobs } from "../modules/reminders/schedule.ts";
import { reminderScheduler } from "../modules/reminders/schedule.ts";
import { DAY_MS } from "../modules/reminders/upcoming.ts";
import { createSearchIndexer } from "../modules/search/indexer.ts";
import { searchSources } from "../modules/search/sources.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import { type CommittedChange, createFileChanges, type TransactionSubscriber } from "./changes.ts";

const PASSPORT = categoryDef("passport");
const QUIET = { warn() {}, error() {} };

/** A subscriber that fails after the real ones wrote: what a crash between a save and its derived rows was. */
class HookFailure extends Error {}
const failing: TransactionSubscriber = async (_trx, change) => {
  throw new HookFailure(change.operation);
};

describe.each(testDialects())("the change bus on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A bus whose committed changes are collected, and the transaction each subscriber ran in. */
  function recording() {
    const changes = createFileChanges();
    const committed: CommittedChange[][] = [];
    const within: unknown[] = [];
    changes.inTransaction(async (trx) => {
      within.push(trx);
    });
    changes.committed({ changed: (each) => committed.push([...each]), down() {}, up() {} });
    return { changes, committed, within };
  }

  const address = (id: string) => ({ kind: "address", operation: "saved", ownerId: "ann", id }) as const;

  it("tells its subscribers in the write's transaction, then once after the commit, without the body", async () => {
    const { changes, committed, within } = recording();
    const record = {
      kind: "record",
      operation: "saved",
      ownerId: "ann",
      id: "r1",
      category: PASSPORT,
      body: { nameOnDocument: "Ada" },
    } as const;
    const answered = await changes.transaction(database.db, async (trx) => {
      await changes.publish(trx, address("a1"));
      // Work handed on within the transaction stays in it.
      await changes.transaction(trx, (same) => changes.publish(same, record));
      expect(committed).toEqual([]);
      expect(within).toEqual([trx, trx]);
      return "done";
    });
    expect(answered).toBe("done");
    expect(committed).toEqual([
      [
        { kind: "address", operation: "saved", ownerId: "ann", id: "a1" },
        { kind: "record", operation: "saved", ownerId: "ann", id: "r1", category: "passport" },
      ],
    ]);
  });

  it("tells nothing after a transaction that rolled back, nor after one that changed nothing", async () => {
    const { changes, committed } = recording();
    await expect(
      changes.transaction(database.db, async (trx) => {
        await changes.publish(trx, address("a2"));
        throw new HookFailure("rolled back");
      }),
    ).rejects.toThrow(HookFailure);
    await changes.transaction(database.db, async () => {});
    expect(committed).toEqual([]);
  });

  it("refuses a change published outside its transaction", async () => {
    const { changes } = recording();
    await expect(
      database.db.transaction().execute((trx) => changes.publish(trx, address("a3"))),
    ).rejects.toThrow(/outside its transaction/);
  });
});

describe.each(testDialects())("a save and its subscribers, one transaction, on %s", (dialect) => {
  let database: TestDatabase;
  let parts: ReturnType<typeof partsOf>;

  function partsOf(db: TestDatabase) {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: db.dataDir });
    const masterKeys = loadMasterKeyring({
      config: { ...config, masterKey: generateMasterKeyText() },
      logger: QUIET,
    });
    const dataKeys = createDataKeys({ db: db.db, masterKeys });
    const jobs = createJobRunner<ReminderJobs>({
      database: db,
      handlers: { "reminder.send": async () => {} },
    });
    const index = createSearchIndexer({ db: db.db, dialect: db.dialect, dataKeys, sources: searchSources });
    // A bus with the app's subscribers, as server/app.ts wires them (no document to link here), and more.
    const bus = (
      extra: readonly TransactionSubscriber[] = [],
      first: readonly TransactionSubscriber[] = [],
    ) => {
      const changes = createFileChanges();
      for (const subscriber of [
        ...first,
        index.subscriber(recordSearchDoc),
        reminderScheduler({ jobs, clock: Date.now }),
        ...extra,
      ])
        changes.inTransaction(subscriber);
      return changes;
    };
    const records = (changes = bus()) =>
      createRecordService({ db: db.db, dataKeys, listCache: createListCache(), changes });
    return { dataKeys, bus, records };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    parts = partsOf(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  const actorOf = (): Actor => ({ userId: `owner-${randomUUID()}`, roles: ["subscriber"], language: "en" });
  const passport = () => ({
    nameOnDocument: "Ada Lovelace",
    locationDetails: "Blue drawer",
    expiryDate: Date.now() + 400 * DAY_MS,
  });

  async function derivedRows(ownerId: string) {
    const records = await database.db
      .selectFrom("record")
      .select("id")
      .where("owner_id", "=", ownerId)
      .execute();
    const terms = await database.db
      .selectFrom("search_term")
      .select("subject_id")
      .where("owner_id", "=", ownerId)
      .execute();
    const reminders = await database.db
      .selectFrom("job")
      .select("unique_key")
      .where("kind", "=", "reminder.send")
      .where("payload", "like", `%${ownerId}%`)
      .execute();
    return { records: records.length, terms: terms.length, reminders: reminders.length };
  }

  it("commits a record with its search terms and reminder jobs", async () => {
    const actor = actorOf();
    const id = await parts.records().create(actor, PASSPORT, passport());
    const rows = await derivedRows(actor.userId);
    expect(rows.records).toBe(1);
    expect(rows.terms).toBeGreaterThan(0);
    // One job per lead time still ahead of the expiry date.
    expect(rows.reminders).toBeGreaterThan(0);
    const terms = await database.db
      .selectFrom("search_term")
      .select("subject_id")
      .where("owner_id", "=", actor.userId)
      .execute();
    expect(new Set(terms.map((term) => term.subject_id))).toEqual(new Set([id]));
  });

  it("leaves nothing when a subscriber fails on create: no record, no terms, no reminder jobs", async () => {
    const actor = actorOf();
    await expect(parts.records(parts.bus([failing])).create(actor, PASSPORT, passport())).rejects.toThrow(
      HookFailure,
    );
    expect(await derivedRows(actor.userId)).toEqual({ records: 0, terms: 0, reminders: 0 });
  });

  it("keeps the record and its derived rows as they were when a subscriber fails on update or delete", async () => {
    const actor = actorOf();
    const id = await parts.records().create(actor, PASSPORT, passport());
    const before = await derivedRows(actor.userId);
    const termsBefore = await database.db
      .selectFrom("search_term")
      .select("hash")
      .where("owner_id", "=", actor.userId)
      .orderBy("hash")
      .execute();
    const broken = parts.records(parts.bus([failing]));

    // The new name and the cleared date would change the terms and cancel the reminders.
    await expect(
      broken.update(actor, PASSPORT, id, { nameOnDocument: "Someone Else", locationDetails: null }),
    ).rejects.toThrow(HookFailure);
    await expect(broken.remove(actor, PASSPORT, id)).rejects.toThrow(HookFailure);

    expect(await derivedRows(actor.userId)).toEqual(before);
    const termsAfter = await database.db
      .selectFrom("search_term")
      .select("hash")
      .where("owner_id", "=", actor.userId)
      .orderBy("hash")
      .execute();
    expect(termsAfter).toEqual(termsBefore);
    const view = await parts.records().get(actor, PASSPORT, id, []);
    expect(view.body.nameOnDocument).toBe("Ada Lovelace");
  });

  it("deletes a record with its terms and pending reminders, together", async () => {
    const actor = actorOf();
    const id = await parts.records().create(actor, PASSPORT, passport());
    await parts.records().remove(actor, PASSPORT, id);
    expect(await derivedRows(actor.userId)).toEqual({ records: 0, terms: 0, reminders: 0 });
  });

  it("does the same for the other modules' rows (an address and its terms)", async () => {
    const actor = actorOf();
    const input = addressInputSchema.parse({
      name: "Home",
      addressLine1: "1 Analytical Way",
      city: "London",
      country: "GB",
    });
    await expect(createAddressService(database.db, parts.bus([failing])).save(actor, input)).rejects.toThrow(
      HookFailure,
    );
    const count = async (table: "address" | "search_term") =>
      (await database.db.selectFrom(table).select("owner_id").where("owner_id", "=", actor.userId).execute())
        .length;
    expect([await count("address"), await count("search_term")]).toEqual([0, 0]);

    await createAddressService(database.db, parts.bus()).save(actor, input);
    expect(await count("address")).toBe(1);
    expect(await count("search_term")).toBeGreaterThan(0);
  });

  it("reads a data key the cache lacks through the save's transaction, without waiting on the database it holds", async () => {
    // A fresh owner: its key is made by the save itself, then forgotten, so the subscribers must read it back.
    const actor = actorOf();
    const forgetting: TransactionSubscriber = async () => {
      parts.dataKeys.forget(actor.userId);
    };
    await parts.records(parts.bus([], [forgetting])).create(actor, PASSPORT, passport());
    expect((await derivedRows(actor.userId)).terms).toBeGreaterThan(0);
  });
});
