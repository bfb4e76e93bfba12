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
import { createRecordService, type RecordChangeHook } from "../modules/records/service.ts";
import type { ReminderJobs } from "../modules/reminders/schedule.ts";
import { reminderScheduler } from "../modules/reminders/schedule.ts";
import { DAY_MS } from "../modules/reminders/upcoming.ts";
import { createSearchIndexer } from "../modules/search/indexer.ts";
import { searchSources } from "../modules/search/sources.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../testing/test-database.ts";
import type { ChangeHook } from "./change-hook.ts";

const PASSPORT = categoryDef("passport");
const QUIET = { warn() {}, error() {} };

/** A hook that fails after the real ones wrote: what a crash between a save and its derived rows was. */
class HookFailure extends Error {}
const failing: RecordChangeHook & ChangeHook = {
  async saved() {
    throw new HookFailure("saved");
  },
  async deleted() {
    throw new HookFailure("deleted");
  },
};

describe.each(testDialects())("a save and its change hooks, one transaction, on %s", (dialect) => {
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
    const index = createSearchIndexer({ db: db.db, dataKeys, sources: searchSources });
    // The app's record hooks, as server/app.ts wires them (the documents' linker has no row to link here).
    const hooks = [index.hookFor("record"), reminderScheduler({ jobs })];
    const records = (onChange: readonly RecordChangeHook[]) =>
      createRecordService({ db: db.db, dataKeys, listCache: createListCache(), onChange });
    return { dataKeys, hooks, records, index };
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
    const id = await parts.records(parts.hooks).create(actor, PASSPORT, passport());
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

  it("leaves nothing when a hook fails on create: no record, no terms, no reminder jobs", async () => {
    const actor = actorOf();
    await expect(
      parts.records([...parts.hooks, failing]).create(actor, PASSPORT, passport()),
    ).rejects.toThrow(HookFailure);
    expect(await derivedRows(actor.userId)).toEqual({ records: 0, terms: 0, reminders: 0 });
  });

  it("keeps the record and its derived rows as they were when a hook fails on update or delete", async () => {
    const actor = actorOf();
    const id = await parts.records(parts.hooks).create(actor, PASSPORT, passport());
    const before = await derivedRows(actor.userId);
    const termsBefore = await database.db
      .selectFrom("search_term")
      .select("hash")
      .where("owner_id", "=", actor.userId)
      .orderBy("hash")
      .execute();
    const broken = parts.records([...parts.hooks, failing]);

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
    const view = await parts.records(parts.hooks).get(actor, PASSPORT, id, []);
    expect(view.body.nameOnDocument).toBe("Ada Lovelace");
  });

  it("deletes a record with its terms and pending reminders, together", async () => {
    const actor = actorOf();
    const id = await parts.records(parts.hooks).create(actor, PASSPORT, passport());
    await parts.records(parts.hooks).remove(actor, PASSPORT, id);
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
    await expect(
      createAddressService(database.db, [parts.index.hookFor("address"), failing]).save(actor, input),
    ).rejects.toThrow(HookFailure);
    const count = async (table: "address" | "search_term") =>
      (await database.db.selectFrom(table).select("owner_id").where("owner_id", "=", actor.userId).execute())
        .length;
    expect([await count("address"), await count("search_term")]).toEqual([0, 0]);

    await createAddressService(database.db, [parts.index.hookFor("address")]).save(actor, input);
    expect(await count("address")).toBe(1);
    expect(await count("search_term")).toBeGreaterThan(0);
  });

  it("reads a data key the cache lacks through the save's transaction, without waiting on the database it holds", async () => {
    // A fresh owner: its key is made by the save itself, then forgotten, so the hooks must read it back.
    const actor = actorOf();
    const forgetting: RecordChangeHook = {
      async saved() {
        parts.dataKeys.forget(actor.userId);
      },
      async deleted() {},
    };
    await parts.records([forgetting, ...parts.hooks]).create(actor, PASSPORT, passport());
    expect((await derivedRows(actor.userId)).terms).toBeGreaterThan(0);
  });
});
