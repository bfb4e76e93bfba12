import type { Kysely } from "kysely";
import {
  categoryDef,
  isCategoryKey,
  referenceFields,
  reminderFields,
} from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, RecordTable } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { reminderDate } from "./body.ts";
import { bodyAad } from "./reader.ts";
import { targetOf } from "./references.ts";
import { recordRepository } from "./repository.ts";

/** A record as an import restores it: its new id, its body with every reference already rewritten. */
export type RestoredRecord = {
  id: string;
  category: string;
  body: RecordBody;
  createTime: number;
  updateTime: number;
};

/** What a record's reference fields point at. */
export type ReferenceTarget = NonNullable<ReturnType<typeof targetOf>>;

/**
 * A record's body with each reference (persons, addresses, institutions, records, documents) put
 * through `mapId`; one it answers undefined for is dropped (null, or left out of a list), as a read
 * drops a reference to a deleted row.
 */
export function remapReferences(
  category: string,
  body: RecordBody,
  mapId: (target: ReferenceTarget, id: string) => string | undefined,
): RecordBody {
  if (!isCategoryKey(category)) return body;
  const remapped: RecordBody = { ...body };
  for (const field of referenceFields(category)) {
    const target = targetOf(field);
    const value = body[field.key];
    if (target === undefined || value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      remapped[field.key] = value.flatMap((id) => {
        const mapped = typeof id === "string" ? mapId(target, id) : undefined;
        return mapped === undefined ? [] : [mapped];
      });
    } else if (typeof value === "string") {
      remapped[field.key] = mapId(target, value) ?? null;
    }
  }
  return remapped;
}

/**
 * The records module's public face for an import (server/modules/portability): `rows` seals each
 * body as a save does (before the transaction), `insert` writes them in it, and
 * `announceRestoredRecords` publishes each on the change bus (reminders, documents' links, search) in it too.
 */
export async function recordRows(
  dataKeys: DataKeys,
  ownerId: string,
  records: readonly RestoredRecord[],
): Promise<RecordTable[]> {
  const rows: RecordTable[] = [];
  for (const record of records) {
    if (!isCategoryKey(record.category)) continue;
    const category = categoryDef(record.category);
    rows.push({
      id: record.id,
      module: category.module,
      category: category.key,
      body_enc: await dataKeys.encryptFor(
        ownerId,
        JSON.stringify(record.body),
        bodyAad(record.id, category.key),
      ),
      reminder_date: reminderDate(record.body, reminderFields(category)),
      // The owner imported it: the file's account is who changed it last.
      ...firstVersion(ownerId, ownerId, record.createTime, record.updateTime),
    });
  }
  return rows;
}

export async function insertRecordRows(trx: Kysely<DB>, rows: readonly RecordTable[]): Promise<void> {
  const records = recordRepository(trx);
  for (const row of rows) await records.insert(row);
}

/** In the import's transaction: each restored record published as saved, as a save publishes it. */
export async function announceRestoredRecords(
  trx: Kysely<DB>,
  changes: FileChanges,
  ownerId: string,
  records: readonly RestoredRecord[],
): Promise<void> {
  for (const record of records) {
    if (!isCategoryKey(record.category)) continue;
    const category = categoryDef(record.category);
    await changes.publish(trx, {
      kind: "record",
      operation: "saved",
      ownerId,
      id: record.id,
      category,
      body: record.body,
    });
  }
}
