import { listColumns, secretFields } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import type { RecordTable } from "../../db/schema.ts";
import { listCells } from "./body.ts";
import type { RecordHead } from "./repository.ts";

/**
 * The list columns of recently listed records, kept in memory so a list neither fetches nor
 * decrypts every body on every request: making each AES-GCM decipher is the largest part of a
 * list's time, and fetching the bodies is most of what the database sends.
 *
 * An entry is keyed by the record's id and its ciphertext's authentication tag, which every save
 * changes: an entry can never be stale, not even for another app server's saves, and a
 * ciphertext copied in from another row finds no entry and is then refused by decryption. Only
 * the list columns are kept, secrets already masked (a secret column holds the mask or null);
 * reference columns keep their ids, resolved per request. Bounded: the least recently used go.
 */
const MAX_ENTRIES = 20_000;
const TAG_BYTES = 16;

function keyOf(ownerId: string, id: string, tag: Uint8Array): string {
  return `${ownerId}\u0000${id}\u0000${Buffer.from(tag.buffer, tag.byteOffset, tag.byteLength).toString("base64")}`;
}

function tagOf(sealed: Uint8Array): Uint8Array {
  return sealed.subarray(sealed.byteLength - TAG_BYTES);
}

/** A category's list columns and which of them are secret: what a list row is made of. */
export function listedFieldsOf(category: CategoryDef): {
  columns: readonly FieldDef[];
  secretKeys: ReadonlySet<string>;
} {
  return {
    columns: listColumns(category),
    secretKeys: new Set(secretFields(category).map((field) => field.key)),
  };
}

/** A body's list columns as kept: taken as they are, a secret as the mask string (still a body). */
function valuesOf(
  columns: readonly FieldDef[],
  secretKeys: ReadonlySet<string>,
  body: RecordBody,
): RecordBody {
  return listCells(columns, secretKeys, body, (_column, value) => value) as RecordBody;
}

export type ListCache = ReturnType<typeof createListCache>;

/** One app's cache (built by the composition root and shared by the records and sharing reads). */
export function createListCache(maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, RecordBody>();

  function remember(key: string, values: RecordBody): void {
    entries.set(key, values);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  /**
   * Each listed record with its list columns: from memory when its current ciphertext was listed
   * before, otherwise from its body, fetched (`load`) and opened for those records only. A record
   * deleted between the two reads is left out.
   */
  async function columnValues(
    heads: readonly RecordHead[],
    columns: readonly FieldDef[],
    secretKeys: ReadonlySet<string>,
    load: (ids: string[]) => Promise<RecordTable[]>,
    open: (row: RecordTable) => Promise<RecordBody>,
  ): Promise<{ head: RecordHead; values: RecordBody }[]> {
    const known = new Map<string, RecordBody>();
    const missing: string[] = [];
    for (const head of heads) {
      const key = keyOf(head.owner_id, head.id, head.body_tag);
      const cached = entries.get(key);
      if (cached === undefined) {
        missing.push(head.id);
        continue;
      }
      // Most recently used last: a Map keeps insertion order, so its first key is the oldest.
      entries.delete(key);
      entries.set(key, cached);
      known.set(head.id, cached);
    }
    const rows = await load(missing);
    await Promise.all(
      rows.map(async (row) => {
        const values = valuesOf(columns, secretKeys, await open(row));
        // Keyed by the ciphertext just opened, which a save since the heads were read may have changed.
        remember(keyOf(row.owner_id, row.id, tagOf(row.body_enc)), values);
        known.set(row.id, values);
      }),
    );
    return heads.flatMap((head) => {
      const values = known.get(head.id);
      return values === undefined ? [] : [{ head, values }];
    });
  }

  /** Drops what is kept of a deleted record, or of every record of a deleted account. */
  function forget(ownerId: string, recordId?: string): void {
    const prefix = recordId === undefined ? `${ownerId}\u0000` : `${ownerId}\u0000${recordId}\u0000`;
    for (const key of entries.keys()) {
      if (key.startsWith(prefix)) entries.delete(key);
    }
  }

  /**
   * A record's body as its save sealed it, kept under that ciphertext's tag: the list rebuilt after
   * the save neither fetches nor opens it again (a ciphertext never stored is never listed).
   */
  function keepSaved(
    record: { ownerId: string; id: string; category: CategoryDef },
    sealed: Uint8Array,
    body: RecordBody,
  ): void {
    const { columns, secretKeys } = listedFieldsOf(record.category);
    remember(keyOf(record.ownerId, record.id, tagOf(sealed)), valuesOf(columns, secretKeys, body));
  }

  return { columnValues, keepSaved, forget };
}
