import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../../testing/test-database.ts";
import { type ActivityEntry, listActivity, listNomineeActivity, recordActivity } from "./activity-log.ts";

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
});
