import type { Kysely } from "kysely";
import { LIBRARY_MODULE, LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, DocumentTable } from "../../db/schema.ts";
import type { SearchDoc, SearchSource } from "../search/index.ts";
import { type OpenedDocument, openDocuments } from "./metadata.ts";
import { isAt } from "./policy.ts";
import { documentRepository } from "./repository.ts";

/**
 * What search reads of a document: its file name, description and last name, opened here (they
 * are encrypted at rest); never the file's content.
 */
function docOf(document: OpenedDocument): SearchDoc {
  const fields = (["fileName", "description", "lastName"] as const).flatMap((field) => {
    const text = document[field];
    return text === null || text === "" ? [] : [{ field, text }];
  });
  return {
    kind: "document",
    id: document.id,
    module: document.module,
    category: document.type,
    title: document.fileName ?? document.description,
    // A library entry opens in the library; any other document on the record it is attached to.
    recordId: isAt(document, LIBRARY_MODULE, LIBRARY_TYPE) ? null : document.assigned_document,
    fields,
  };
}

export function documentSearchSource(db: Kysely<DB>, dataKeys: DataKeys): SearchSource {
  const documents = documentRepository(db);
  // A pending upload is found once its record's save links it (record-links.ts tells the index).
  const docsOf = async (rows: readonly DocumentTable[]) =>
    (
      await openDocuments(
        dataKeys,
        rows.filter((row) => row.pending_since === null),
      )
    ).map(docOf);
  return {
    kind: "document",
    async read(ownerId, ids) {
      return docsOf(await documents.findMany(ownerId, ids));
    },
    async readAll(ownerId) {
      return docsOf(await documents.listAll(ownerId));
    },
  };
}
