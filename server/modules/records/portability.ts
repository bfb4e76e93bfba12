import { recordEntrySchema } from "../../../domain/schemas/file-export.ts";
import { CATEGORY_KEYS, isCategoryKey, secretFields } from "../../../domain/sections/index.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import { kindPortability } from "../../file/kind-portability.ts";
import type { ListCache } from "./list-cache.ts";
import { recordReader } from "./reader.ts";
import { announceRestoredRecords, insertRecordRows, recordRows, remapReferences } from "./restore.ts";

declare module "../../file/kind-portability.ts" {
  interface KindReadServices {
    /** The record lists' column cache, which the records' reader keeps up. */
    listCache: ListCache;
  }
}

/** A record's body with its declared secret fields emptied. */
function withoutSecrets<T extends Record<string, unknown>>(category: string, body: T): T {
  if (!isCategoryKey(category)) return body;
  const emptied = Object.fromEntries(
    secretFields(category)
      .filter((field) => body[field.key] !== undefined)
      .map((field) => [field.key, null]),
  );
  return { ...body, ...emptied };
}

/**
 * Records in the export archive (`records`, oldest first, each body as saved, its declared
 * secrets null unless asked) and restored by an import, each announced as a save announces it.
 */
export const recordPortability = kindPortability({
  part: "records",
  async read(services, ownerId, { secrets }) {
    const opened = await recordReader(services).openedIn(ownerId, CATEGORY_KEYS);
    return opened
      .filter((record) => isCategoryKey(record.category))
      .sort((a, b) => a.createTime - b.createTime || a.id.localeCompare(b.id))
      .map((record) => ({
        ...record,
        body: secrets ? record.body : withoutSecrets(record.category, record.body),
      }));
  },
  subject: ({ id, module, category }) => ({ kind: "record", id, module, category }),
  entry: recordEntrySchema,
  async holds(services, ownerId) {
    const records = recordReader(services);
    for (const module of RECORD_MODULES) {
      if (Object.values(await records.countOf(ownerId, module)).some((count) => count > 0)) return true;
    }
    return false;
  },
  async prepare(context, entries) {
    const { ownerId, services } = context;
    const restored = entries.map((record) => ({
      ...record,
      id: context.newId(record.id),
      body: remapReferences(
        record.category,
        record.body,
        (target, id) => context.idOf(target, id) ?? undefined,
      ),
    }));
    const rows = await recordRows(services.dataKeys, ownerId, restored);
    return {
      insert: (trx) => insertRecordRows(trx, rows),
      // The records' reminders, documents' links and terms commit with them, as a save's do.
      announce: (trx) => announceRestoredRecords(trx, services.changes, ownerId, restored),
    };
  },
});
