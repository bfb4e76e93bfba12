import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../../testing/test-database.ts";
import {
  type ActivityEntry,
  activityWriter,
  listActivity,
  listNomineeActivity,
  recordActivity,
} from "./activity-log.ts";

const OWNER = "owner-1";
const NOMINEE = "nominee-1";

const reveal = (field: string): ActivityEntry => ({
  ownerId: OWNER,
  actorId: NOMINEE,
  nomineeId: NOMINEE,
  kind: "reveal",
  subjectKind: "record",
  subjectId: "record-1",
  category: "password",
  field,
});

describe.each(testDialects())("the activity log on %s", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });

  afterAll(async () => {
    await database?.close();
  });

  it("lists entries of the same millisecond newest first, in the order they were written", async () => {
    const now = Date.UTC(2026, 10, 27, 7, 0, 0);
    // One statement of three, then two more statements, all in the same millisecond; then one
    // dated a millisecond before them, written last, which the time still puts last.
    await recordActivity(database.db, [reveal("password"), reveal("pin"), reveal("recoveryInfo")], now);
    await recordActivity(database.db, [reveal("username")], now);
    await recordActivity(database.db, [reveal("email")], now);
    await recordActivity(database.db, [reveal("earlier")], now - 1);

    const newestFirst = ["email", "username", "recoveryInfo", "pin", "password", "earlier"];
    const page = await listActivity(database.db, OWNER, { page: 0, size: 10 });
    expect(page.items.map((item) => item.field)).toEqual(newestFirst);
    const nominee = await listNomineeActivity(database.db, OWNER, NOMINEE, 10);
    expect(nominee.map((row) => row.field)).toEqual(newestFirst);
  });
  it("writes the entries of reads that log at once in one statement, each read waiting for its own", async () => {
    const owner = "owner-batched";
    let inserts = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === "InsertQueryNode") inserts += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const writer = activityWriter(database.db.withPlugin(counting));
    const now = Date.UTC(2026, 10, 28, 2, 0, 0);
    const fields = Array.from({ length: 12 }, (_, index) => `field-${index}`);
    const stored = await Promise.all(
      fields.map(async (field) => {
        await writer.write([{ ...reveal(field), ownerId: owner }], now);
        // Once a read's write resolves, its entry is in the log.
        const page = await listActivity(database.db, owner, { page: 0, size: 20 });
        return page.items.some((item) => item.field === field);
      }),
    );
    expect(stored).toEqual(fields.map(() => true));
    // The first read's statement alone, then the eleven that came while it was written.
    expect(inserts).toBe(2);
    const page = await listActivity(database.db, owner, { page: 0, size: 20 });
    expect(page.items.map((item) => item.field)).toEqual([...fields].reverse());
  });

  it("fails every read whose entries a failed statement carried, and writes the next ones", async () => {
    const owner = "owner-failing";
    let failing = true;
    const flaky: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (failing) throw new Error("the database is gone");
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const writer = activityWriter(database.db.withPlugin(flaky));
    const now = Date.UTC(2026, 10, 28, 2, 0, 0);
    const results = await Promise.allSettled([
      writer.write([{ ...reveal("lost-1"), ownerId: owner }], now),
      writer.write([{ ...reveal("lost-2"), ownerId: owner }], now),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    failing = false;
    await writer.write([{ ...reveal("kept"), ownerId: owner }], now);
    const page = await listActivity(database.db, owner, { page: 0, size: 20 });
    expect(page.items.map((item) => item.field)).toEqual(["kept"]);
  });
});
