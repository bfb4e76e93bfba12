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
 * A record's entry holds the authentication tag of the ciphertext it was read from, which every
 * save changes, and serves only a head with that tag: an entry can never be stale, not even for
 * another app server's saves, and a ciphertext copied in from another row matches no entry and is
 * then refused by decryption. Only
 * the list columns are kept, secrets already masked (a secret column holds the mask or null);
 * reference columns keep their ids, resolved per request. Bounded: the least recently used go.
 */
const MAX_ENTRIES = 20_000;
const TAG_BYTES = 16;

function keyOf(ownerId: string, id: string): string {
  return `${ownerId}\u0000${id}`;
}

/** A ciphertext's tag, copied: an entry holds 16 bytes, not the ciphertext they were cut from. */
function tagOf(sealed: Uint8Array): Buffer {
  return Buffer.from(sealed.subarray(sealed.byteLength - TAG_BYTES));
}

/** A record's list columns, and the tag of the ciphertext they were read from. */
type Entry = { tag: Buffer; values: RecordBody };

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
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry): void {
    // Set anew, so that it is the most recently used: a record has one entry, its last ciphertext's.
    entries.delete(key);
    entries.set(key, entry);
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
      const key = keyOf(head.owner_id, head.id);
      const cached = entries.get(key);
      if (cached === undefined || !cached.tag.equals(head.body_tag)) {
        missing.push(head.id);
        continue;
      }
      // Most recently used last: a Map keeps insertion order, so its first key is the oldest.
      entries.delete(key);
      entries.set(key, cached);
      known.set(head.id, cached.values);
    }
    const rows = await load(missing);
    await Promise.all(
      rows.map(async (row) => {
        const values = valuesOf(columns, secretKeys, await open(row));
        // Keyed by the ciphertext just opened, which a save since the heads were read may have changed.
        remember(keyOf(row.owner_id, row.id), { tag: tagOf(row.body_enc), values });
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
    if (recordId !== undefined) {
      entries.delete(keyOf(ownerId, recordId));
      return;
    }
    const prefix = `${ownerId}\u0000`;
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
    remember(keyOf(record.ownerId, record.id), {
      tag: tagOf(sealed),
      values: valuesOf(columns, secretKeys, body),
    });
  }

  return { columnValues, keepSaved, forget };
}
