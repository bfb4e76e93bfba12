import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { UnknownMasterKeyError, unwrapDataKey, wrapDataKey } from "./data-keys.ts";
import type { MasterKey, MasterKeyring } from "./master-keys.ts";

export type RotationResult = { rewrapped: number; batches: number };

/**
 * Re-wraps every account's data key under `target`, in batches of `batchSize` rows, each batch its
 * own short statement per row, so the server keeps serving meanwhile: readers know both master keys
 * (key_version says which wrapped a row). A row changed by someone else between read and write is
 * left alone by the compare-and-set and picked up again by the next pass; the loop ends when no row
 * is left under another key. The data keys themselves never change, so no ciphertext is touched.
 */
export async function rewrapDataKeys(options: {
  db: Kysely<DB>;
  masterKeys: MasterKeyring;
  target: MasterKey;
  batchSize?: number;
  onBatch?: (rewrappedSoFar: number) => void;
}): Promise<RotationResult> {
  const { db, masterKeys, target } = options;
  const batchSize = options.batchSize ?? 500;
  let rewrapped = 0;
  let batches = 0;
  let stalledPasses = 0;
  for (;;) {
    const rows = await db
      .selectFrom("account_key")
      .select(["user_id", "wrapped_key", "key_version"])
      .where("key_version", "!=", target.id)
      .orderBy("user_id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return { rewrapped, batches };
    batches += 1;
    let progressed = false;
    for (const row of rows) {
      const current = masterKeys.byId(row.key_version);
      if (current === undefined) {
        throw new UnknownMasterKeyError(
          `the data key of account ${row.user_id} is wrapped under master key ${row.key_version}, which is not the current, new or previous master key`,
        );
      }
      const dataKey = unwrapDataKey(current, row.user_id, row.wrapped_key);
      const result = await db
        .updateTable("account_key")
        .set({ wrapped_key: wrapDataKey(target, row.user_id, dataKey), key_version: target.id })
        .where("user_id", "=", row.user_id)
        .where("key_version", "=", row.key_version)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) {
        rewrapped += 1;
        progressed = true;
      }
    }
    options.onBatch?.(rewrapped);
    // A concurrent rotation to the same key makes our writes no-ops, and the next pass sees its
    // work; one moving rows to yet another key would keep us busy forever.
    stalledPasses = progressed ? 0 : stalledPasses + 1;
    if (stalledPasses > 2)
      throw new Error("the rotation makes no progress; is another rotation to another key running?");
  }
}
