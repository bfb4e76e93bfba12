import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { categoryDef, listColumns, secretFields } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { RecordTable } from "../../db/schema.ts";
import { createListCache, type ListCache } from "./list-cache.ts";
import type { RecordHead } from "./repository.ts";

const PASSWORD = categoryDef("password");
const COLUMNS = listColumns(PASSWORD);
const SECRETS = new Set(secretFields(PASSWORD).map((field) => field.key));
const BODY: RecordBody = {
  accountNickname: "Mail",
  password: "correct-horse-42",
  url: "https://mail.example",
};

function row(ownerId: string, id = randomUUID()): RecordTable {
  return {
    id,
    owner_id: ownerId,
    module: "passwordvault",
    category: "password",
    // Stands for a sealed body: what the cache reads of it is its last 16 bytes, the tag.
    body_enc: randomBytes(64),
    reminder_date: null,
    created_at: 0,
    updated_at: 0,
    version: 1,
    updated_by: ownerId,
  };
}

/** The head the database answers for a row: the row without its body, with its tag. */
function headOf({ body_enc, version: _version, updated_by: _updatedBy, ...rest }: RecordTable): RecordHead {
  return { ...rest, body_tag: body_enc.subarray(body_enc.byteLength - 16) };
}

/** A database of these rows, listed through `cache`, counting the bodies asked for and opened. */
function store(cache: ListCache, rows: RecordTable[], body: RecordBody = BODY) {
  const opened: string[] = [];
  return {
    opened,
    list: (owned: RecordTable[] = rows) =>
      cache.columnValues(
        owned.map(headOf),
        COLUMNS,
        SECRETS,
        async (ids) => rows.filter((record) => ids.includes(record.id)),
        async (record) => {
          opened.push(record.id);
          return body;
        },
      ),
  };
}

describe("the list columns kept in memory", () => {
  it("fetches and opens each ciphertext once, keeps no secret, and opens again after a save", async () => {
    const cache = createListCache();
    const owner = randomUUID();
    const rows = [row(owner), row(owner)];
    const first = store(cache, rows);
    const listed = await first.list();
    expect(first.opened).toEqual(rows.map((record) => record.id));
    expect(listed.map(({ head }) => head.id)).toEqual(rows.map((record) => record.id));
    expect(listed[0]?.values.accountNickname).toBe("Mail");
    // Only the list columns are kept: never a secret (no category lists one; one listed is masked).
    expect(JSON.stringify(listed)).not.toContain("correct-horse-42");

    const again = store(cache, rows);
    expect((await again.list()).map(({ values }) => values)).toEqual(listed.map(({ values }) => values));
    expect(again.opened).toEqual([]);

    // A save seals anew (a new IV, so a new tag): the next list opens that record only.
    const saved = { ...(rows[0] as RecordTable), body_enc: randomBytes(64) };
    const afterSave = store(cache, [saved, rows[1] as RecordTable], {
      ...BODY,
      accountNickname: "Work mail",
    });
    const fresh = await afterSave.list();
    expect(afterSave.opened).toEqual([saved.id]);
    expect(fresh[0]?.values.accountNickname).toBe("Work mail");
  });

  it("lists a body kept at its save without fetching or opening it, and no other ciphertext of it", async () => {
    const cache = createListCache();
    const owner = randomUUID();
    const [saved, other] = [row(owner), row(owner)];
    const body = { ...BODY, accountNickname: "Work mail" };
    cache.keepSaved({ ownerId: owner, id: saved.id, category: PASSWORD }, saved.body_enc, body);
    const afterSave = store(cache, [saved, other]);
    const listed = await afterSave.list();
    expect(afterSave.opened).toEqual([other.id]);
    expect(listed[0]?.values.accountNickname).toBe("Work mail");
    // Kept exactly as a list opening the stored body keeps it.
    const opened = store(createListCache(), [saved], body);
    expect((await opened.list())[0]?.values).toEqual(listed[0]?.values);
    // The same record stored with another ciphertext (a save that did not commit this one) is opened.
    const stored = { ...saved, body_enc: randomBytes(64) };
    const later = store(cache, [stored]);
    await later.list();
    expect(later.opened).toEqual([stored.id]);
  });

  it("keeps one entry a record, its last ciphertext's", async () => {
    const owner = randomUUID();
    const [saved, other] = [row(owner), row(owner)];
    const cache = createListCache(2);
    await store(cache, [other, saved]).list();
    const resaved = { ...saved, body_enc: randomBytes(64) };
    const afterSave = store(cache, [resaved, other]);
    await afterSave.list([resaved]);
    await afterSave.list([other]);
    // The new ciphertext took the place of the old: the other record's entry was not pushed out.
    expect(afterSave.opened).toEqual([resaved.id]);
  });

  it("leaves out a record deleted between reading the heads and fetching the bodies", async () => {
    const owner = randomUUID();
    const [kept, deleted] = [row(owner), row(owner)];
    const listed = await store(createListCache(), [kept]).list([kept, deleted]);
    expect(listed.map(({ head }) => head.id)).toEqual([kept.id]);
  });

  it("forgets a deleted record, and every record of a deleted account", async () => {
    const cache = createListCache();
    const owner = randomUUID();
    const rows = [row(owner), row(owner)];
    const [kept, deleted] = rows as [RecordTable, RecordTable];
    await store(cache, rows).list();
    cache.forget(owner, deleted.id);
    const afterDelete = store(cache, rows);
    await afterDelete.list();
    expect(afterDelete.opened).toEqual([deleted.id]);

    cache.forget(owner);
    const afterAccount = store(cache, rows);
    await afterAccount.list();
    expect(afterAccount.opened).toEqual([kept.id, deleted.id]);
  });

  it("keeps one app's lists apart from another's, and no more entries than it was given", async () => {
    const owner = randomUUID();
    const rows = [row(owner), row(owner)];
    await store(createListCache(), rows).list();
    // Another app in the same process starts empty.
    const other = store(createListCache(), rows);
    await other.list();
    expect(other.opened).toEqual(rows.map((record) => record.id));
    // A cache of one entry keeps only the last record opened.
    const small = store(createListCache(1), rows);
    await small.list();
    await small.list();
    expect(small.opened).toHaveLength(3);
  });
});
