import type { FileKindDescriptor } from "../../file/kind.ts";
import { documentPortability } from "./portability.ts";
import { documentRepository } from "./repository.ts";
import { documentSearchSource } from "./search-source.ts";
import { documentRouteRule, documentShareRule } from "./share-rule.ts";

/** Documents as a kind of the owner's file (server/file/kinds.ts); an account's documents go with it. */
export const documentKind: FileKindDescriptor = {
  kind: "document",
  module: "documents",
  search: (db, dataKeys) => documentSearchSource(db, dataKeys),
  // The rows, then the files of this app's blob store, in the deletion's transaction (the database
  // store deletes its rows in it too).
  forget:
    ({ blobs }) =>
    async (userId, trx) => {
      await documentRepository(trx).deleteAllOf(userId);
      await blobs.deleteAllOf(userId, trx);
    },

  // Export and import (server/modules/portability).
  portability: documentPortability,
  sharing: documentShareRule,
  routes: documentRouteRule,
};
export { contentDisposition, sendDownload } from "./download.ts";
export { openOwnedDocumentFile } from "./portability.ts";
export { toDocumentRecord, toListItem } from "./presenter.ts";
export { type DocumentDownload, type DocumentReader, documentReader, openDocumentFile } from "./reader.ts";
