import type { Kysely } from "kysely";
import type { RecordListItem, RecordView } from "../../../domain/schemas/record.ts";
import { categoriesOf, listColumns, referenceFields, secretFields } from "../../../domain/sections/index.ts";
import { RECORD_MODULES, type RecordModule } from "../../../domain/sections/modules.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, RecordTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { listCells, maskSecrets } from "./body.ts";
import { type ListCache, listedFieldsOf } from "./list-cache.ts";
import { findReferenced, pruneDangling, referenceCell, targetOf } from "./references.ts";
import { recordRepository } from "./repository.ts";

/** What the body's ciphertext is bound to besides its owner: the record and its category. */
export function bodyAad(id: string, category: string): string {
  return `record:${id}:${category}`;
}

/** The categories whose list has a column naming other records (none in today's catalog). */
const LISTS_NAMING_RECORDS = RECORD_MODULES.flatMap(categoriesOf)
  .filter((category) => listColumns(category).some((column) => targetOf(column) === "record"))
  .map((category) => category.key);

/**
 * The owner's lists a create, replace or delete of one of `category`'s records can change
 * (list-answers.ts): its own, and those naming records, whose cells a deleted record leaves.
 */
export function listsChangedBy(category: CategoryDef): string[] {
  return [...new Set([category.key, ...LISTS_NAMING_RECORDS])];
}

/** A stored record's body in clear (for other modules that read records, such as reminders). */
export async function openRecordBody(dataKeys: DataKeys, row: RecordTable): Promise<RecordBody> {
  const plain = await dataKeys.decryptFor(row.owner_id, row.body_enc, bodyAad(row.id, row.category));
  return JSON.parse(plain.toString("utf8")) as RecordBody;
}

/** A stored record with its body in clear. */
export type OpenedRecord = {
  id: string;
  module: string;
  category: string;
  body: RecordBody;
  createTime: number;
  updateTime: number;
};

/**
 * The records module's public face for reading: one owner's records by owner id, in the shapes
 * the owner's routes answer, with secrets masked unless named. The owner's service reads through
 * it (and logs the owner's reveals); a released nominee's reads compose it (and log theirs).
 */
export function recordReader(options: { db: Kysely<DB>; dataKeys: DataKeys; listCache: ListCache }) {
  const { db, dataKeys } = options;
  const records = recordRepository(db);
  const open = (row: RecordTable) => openRecordBody(dataKeys, row);

  async function find(ownerId: string, category: CategoryDef, id: string): Promise<RecordTable> {
    const row = await records.find(ownerId, category.key, id);
    if (row === undefined || row.module !== category.module) throw new AppError("not_found");
    return row;
  }

  /** A category's list of one owner's records: the list columns only, secrets masked. */
  async function listOf(ownerId: string, category: CategoryDef): Promise<RecordListItem[]> {
    const heads = await records.listHeads(ownerId, category.module, category.key);
    const { columns, secretKeys: secret } = listedFieldsOf(category);
    const listed = await options.listCache.columnValues(
      heads,
      columns,
      secret,
      (ids) => records.findMany(ownerId, ids),
      open,
    );
    const found = await findReferenced(
      db,
      dataKeys,
      ownerId,
      columns,
      listed.map(({ values }) => values),
    );
    return listed.map(({ head, values }) => {
      const cells = listCells(columns, secret, values, (column, value) =>
        targetOf(column) === undefined ? value : referenceCell(column, value, found),
      );
      return {
        id: head.id,
        category: head.category,
        createTime: Number(head.created_at),
        updateTime: Number(head.updated_at),
        columns: cells,
      };
    });
  }

  /**
   * One of an owner's records as its form reads it, secrets masked except those named in `reveal`
   * (400 for a field that is not secret), and the revealed fields that held a value: the caller
   * logs those as it must (the owner's own log, or a nominee's).
   */
  async function readOf(
    ownerId: string,
    category: CategoryDef,
    id: string,
    reveal: readonly string[],
  ): Promise<{ view: RecordView; revealed: string[]; changedById: string | null }> {
    const row = await find(ownerId, category, id);
    const secrets = secretFields(category);
    const secretKeys = new Set(secrets.map((field) => field.key));
    if (reveal.some((key) => !secretKeys.has(key))) {
      throw new AppError("validation_failed", { fields: { reveal: "errors:records.not_secret" } });
    }
    const stored = await open(row);
    const references = referenceFields(category);
    const body = pruneDangling(
      stored,
      references,
      await findReferenced(db, dataKeys, ownerId, references, [stored]),
    );
    const masked = maskSecrets(body, secrets, new Set(reveal));
    const revealed = reveal.filter((key) => masked.body[key] !== null && masked.body[key] !== undefined);
    return {
      view: {
        id: row.id,
        module: category.module,
        category: row.category,
        createTime: Number(row.created_at),
        updateTime: Number(row.updated_at),
        body: masked.body,
        maskedFields: masked.maskedFields,
        version: Number(row.version),
      },
      revealed,
      changedById: row.updated_by,
    };
  }

  /** category -> number of an owner's records, every category of the module, zeros included. */
  async function countOf(ownerId: string, module: RecordModule): Promise<Record<string, number>> {
    const counts = await records.countByCategory(ownerId, module);
    return Object.fromEntries(
      categoriesOf(module).map((category) => [category.key, counts.get(category.key) ?? 0]),
    );
  }

  return {
    find,
    listOf,
    readOf,
    countOf,

    /** The category of one of the owner's records; undefined when it is not theirs. */
    categoryOf(ownerId: string, id: string): Promise<string | undefined> {
      return records.categoryOf(ownerId, id);
    },

    /** The owner's records of these categories, bodies in clear (what a grant's records name). */
    async openedIn(ownerId: string, categories: readonly string[]): Promise<OpenedRecord[]> {
      const rows = await records.listInCategories(ownerId, categories);
      const bodies = await Promise.all(rows.map(open));
      return rows.map((row, index) => ({
        id: row.id,
        module: row.module,
        category: row.category,
        body: bodies[index] ?? {},
        createTime: Number(row.created_at),
        updateTime: Number(row.updated_at),
      }));
    },
  };
}

export type RecordReader = ReturnType<typeof recordReader>;
