import type { FileKindDescriptor } from "../../file/kind.ts";
import { recordBinder } from "./binder-chapter.ts";
import { recordPortability } from "./portability.ts";
import { recordRepository } from "./repository.ts";
import { recordSearchSource } from "./search-source.ts";
import { recordRouteRule, recordShareRule } from "./share-rule.ts";

/** Records as a kind of the owner's file (server/file/kinds.ts); an account's records go with it. */
export const recordKind: FileKindDescriptor = {
  kind: "record",
  module: "records",
  search: (db, dataKeys) => recordSearchSource(db, dataKeys),
  // The list columns the app's cache kept go too; its list answers follow the whole file's
  // deletion, published on the bus.
  forget:
    ({ listCache }) =>
    async (userId, trx) => {
      await recordRepository(trx).deleteAllOf(userId);
      listCache.forget(userId);
    },

  // Export and import (server/modules/portability).
  portability: recordPortability,
  binder: recordBinder,
  sharing: recordShareRule,
  routes: recordRouteRule,
};
export { idsOf } from "./body.ts";
export { deleteLibraryRecord } from "./library-records.ts";
export { type ListAnswers, sendListAnswer } from "./list-answers.ts";
export type { ListCache } from "./list-cache.ts";
export { openRecordBody, type RecordReader, recordReader } from "./reader.ts";
export { findReferenced, type ReferencedRows, referenceCell } from "./references.ts";
export { namedByRecord } from "./share-rule.ts";
