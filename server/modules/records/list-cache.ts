import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { FieldDef } from "../../../domain/sections/types.ts";
import type { RecordTable } from "../../db/schema.ts";
import { listCells } from "./body.ts";

/**
 * The list columns of recently listed records, kept in memory so a list does not decrypt every
 * body on every request: opening one costs about 5 µs (making the AES-GCM decipher, not the
 * AES work), a list of 100 records half a millisecond, the largest part of the list's time.
 *
 * An entry is keyed by the record's id and its ciphertext's authentication tag, which every save
 * changes: an entry can never be stale, not even for another app server's saves, and a
 * ciphertext copied in from another row finds no entry and is then refused by decryption. Only
 * the list columns are kept, secrets already masked (a secret column holds the mask or null);
 * reference columns keep their ids, resolved per request. Bounded: the least recently used go.
 */
const MAX_ENTRIES = 20_000;
const TAG_BYTES = 16;

/** A body narrowed to its list columns: the same values, the secrets masked. */
type Columns = RecordBody;

const entries = new Map<string, Columns>();

function keyOf(row: RecordTable): string {
  const sealed = row.body_enc;
  const tag = Buffer.from(sealed.buffer, sealed.byteOffset + sealed.byteLength - TAG_BYTES, TAG_BYTES);
  return `${row.owner_id}\u0000${row.id}\u0000${tag.toString("base64")}`;
}

/**
 * The list columns of each row: from memory when this ciphertext was listed before, otherwise
 * from its opened body (and remembered).
 */
export async function listColumnValues(
  rows: readonly RecordTable[],
  columns: readonly FieldDef[],
  secretKeys: ReadonlySet<string>,
  open: (row: RecordTable) => Promise<RecordBody>,
): Promise<Columns[]> {
  return Promise.all(
    rows.map(async (row) => {
      const key = keyOf(row);
      const cached = entries.get(key);
      if (cached !== undefined) {
        // Most recently used last: Map keeps insertion order, so the first key is the oldest.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      // Values taken from the body as they are (a secret becomes the mask string): still a body.
      const values = listCells(columns, secretKeys, await open(row), (_column, value) => value) as Columns;
      entries.set(key, values);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return values;
    }),
  );
}

/** Drops what is kept of a deleted record, or of every record of a deleted account. */
export function forgetListed(ownerId: string, recordId?: string): void {
  const prefix = recordId === undefined ? `${ownerId}\u0000` : `${ownerId}\u0000${recordId}\u0000`;
  for (const key of entries.keys()) {
    if (key.startsWith(prefix)) entries.delete(key);
  }
}
