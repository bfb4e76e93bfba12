import type { Kysely } from "kysely";
import { CATEGORY_KEYS, categoryDef, isCategoryKey, listColumns } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { FieldDef, FieldType } from "../../../domain/sections/types.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, RecordTable } from "../../db/schema.ts";
import type { SearchDoc, SearchSource } from "../search/index.ts";
import { openRecordBody } from "./reader.ts";
import { recordRepository } from "./repository.ts";

/**
 * What search may read of records: the words of their short text fields (text, email, web address).
 * Never a secret (its own field type), nor long notes (prose, often private, and long to index),
 * nor choices, dates and amounts (found by their category's name instead).
 */
const SEARCHED_TYPES: ReadonlySet<FieldType> = new Set(["text", "email", "url"]);

function searchedFields(category: string): readonly FieldDef[] {
  if (!isCategoryKey(category)) return [];
  return categoryDef(category).fields.filter((field) => SEARCHED_TYPES.has(field.type));
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** A record's search document, from its body in clear (a row opened, or a body just saved). */
export function recordSearchDoc(
  record: { id: string; module: string; category: string },
  body: RecordBody,
): SearchDoc {
  const fields = searchedFields(record.category).flatMap((field) => {
    const text = textOf(body[field.key]);
    return text === null ? [] : [{ field: field.key, text }];
  });
  const columns = isCategoryKey(record.category) ? listColumns(categoryDef(record.category)) : [];
  const titled = columns.find(
    (column) => SEARCHED_TYPES.has(column.type) && textOf(body[column.key]) !== null,
  );
  return {
    kind: "record",
    id: record.id,
    module: record.module,
    category: record.category,
    title: titled === undefined ? null : textOf(body[titled.key]),
    fields,
  };
}

export function recordSearchSource(db: Kysely<DB>, dataKeys: DataKeys): SearchSource {
  const records = recordRepository(db);

  async function docsOf(rows: readonly RecordTable[]): Promise<SearchDoc[]> {
    const bodies = await Promise.all(rows.map((row) => openRecordBody(dataKeys, row)));
    return rows.map((row, index) => recordSearchDoc(row, bodies[index] ?? {}));
  }

  return {
    kind: "record",
    async read(ownerId, ids) {
      return docsOf(await records.findMany(ownerId, ids));
    },
    async readAll(ownerId) {
      return docsOf(await records.listInCategories(ownerId, CATEGORY_KEYS));
    },
    async readIn(ownerId, categories, limit) {
      return docsOf(await records.listInCategories(ownerId, categories.filter(isCategoryKey), limit));
    },
  };
}
