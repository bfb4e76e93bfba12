import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { categoryDef, listColumns, secretFields } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { RecordTable } from "../../db/schema.ts";
import { forgetListed, listColumnValues } from "./list-cache.ts";

const PASSWORD = categoryDef("password");
const COLUMNS = listColumns(PASSWORD);
const SECRETS = new Set(secretFields(PASSWORD).map((field) => field.key));

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
  };
}

/** Opens by counting: the body every row stands for. */
function opener(body: RecordBody) {
  const opened: string[] = [];
  return {
    opened,
    open: async (record: RecordTable) => {
      opened.push(record.id);
      return body;
    },
  };
}

const BODY: RecordBody = {
  accountNickname: "Mail",
  password: "correct-horse-42",
  url: "https://mail.example",
};

describe("the list columns kept in memory", () => {
  it("opens each ciphertext once, keeps secrets masked, and opens again after a save", async () => {
    const owner = randomUUID();
    const rows = [row(owner), row(owner)];
    const first = opener(BODY);
    const values = await listColumnValues(rows, COLUMNS, SECRETS, first.open);
    expect(first.opened).toEqual(rows.map((record) => record.id));
    expect(values[0]?.accountNickname).toBe("Mail");
    // Only the list columns are kept: never a secret (no category lists one; one listed is masked).
    expect(JSON.stringify(values)).not.toContain("correct-horse-42");

    const again = opener(BODY);
    expect(await listColumnValues(rows, COLUMNS, SECRETS, again.open)).toEqual(values);
    expect(again.opened).toEqual([]);

    // A save seals anew (a new IV, so a new tag): the next list opens that record only.
    const saved = { ...(rows[0] as RecordTable), body_enc: randomBytes(64) };
    const afterSave = opener({ ...BODY, accountNickname: "Work mail" });
    const fresh = await listColumnValues([saved, rows[1] as RecordTable], COLUMNS, SECRETS, afterSave.open);
    expect(afterSave.opened).toEqual([saved.id]);
    expect(fresh[0]?.accountNickname).toBe("Work mail");
  });

  it("forgets a deleted record, and every record of a deleted account", async () => {
    const owner = randomUUID();
    const [kept, deleted] = [row(owner), row(owner)];
    await listColumnValues([kept, deleted], COLUMNS, SECRETS, opener(BODY).open);
    forgetListed(owner, deleted.id);
    const afterDelete = opener(BODY);
    await listColumnValues([kept, deleted], COLUMNS, SECRETS, afterDelete.open);
    expect(afterDelete.opened).toEqual([deleted.id]);

    forgetListed(owner);
    const afterAccount = opener(BODY);
    await listColumnValues([kept, deleted], COLUMNS, SECRETS, afterAccount.open);
    expect(afterAccount.opened).toEqual([kept.id, deleted.id]);
  });
});
