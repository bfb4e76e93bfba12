import type { BodyOf, ParamsOf } from "../../../domain/api/contract.ts";
import { documentsApi } from "../../../domain/api/documents.ts";
import type { DocumentListItem, DocumentModule } from "../../../domain/schemas/document.ts";
import { ApiError, callApi, operationUrl, parseApiError } from "../../api/client.ts";

/** A document as the list and single-document calls answer it: the server's own declaration. */
export type DocumentItem = DocumentListItem;

export type DocumentMetadata = {
  id?: string;
  module: string;
  type: string;
  description?: string;
  lastName?: string;
  assignedModule?: string;
  assignedType?: string;
  assignedDocument?: string;
  /** An upload of a record's form, on no record until the record's save (documentInputSchema). */
  pending?: boolean;
};

/** Where a document lives: its module, type and id. */
export type DocumentRef = Pick<DocumentItem, "module" | "type" | "id">;

export { LIBRARY_MODULE, LIBRARY_TYPE } from "../../../domain/catalog/documents.ts";

/** The path parameters of a document: the contract's module is one of the document modules. */
function documentParams({ module, type, id }: DocumentRef): ParamsOf<typeof documentsApi.read> {
  return { module: module as DocumentModule, type, id };
}

export function listDocuments(module: string, type: string): Promise<DocumentItem[]> {
  return callApi(documentsApi.list, { params: { module: module as DocumentModule, type } });
}

/** The documents attached to the owner's records (the library shows them beside its own). */
export function listDocumentsOnRecords(): Promise<DocumentItem[]> {
  return callApi(documentsApi.onRecords);
}

export function getDocument(ref: DocumentRef): Promise<DocumentItem> {
  return callApi(documentsApi.read, { params: documentParams(ref) });
}

/** Creates (without `id`) or changes a document's metadata; answers its id. */
export function saveDocument(metadata: DocumentMetadata): Promise<string> {
  // Modules and types come from the catalogs the server's schema checks them against.
  return callApi(documentsApi.save, { body: metadata as BodyOf<typeof documentsApi.save> });
}

export async function deleteDocument(ref: DocumentRef): Promise<void> {
  await callApi(documentsApi.remove, { params: documentParams(ref) });
}

/** Deletes an upload of a record's form left unsaved; one its record's save kept stays (204 either way). */
export async function discardPendingUpload(id: string): Promise<void> {
  await callApi(documentsApi.discardPending, { params: { id } });
}

/** Removes the stored file only; the server refuses a name that is not the stored one. */
export async function deleteDocumentFile(ref: DocumentRef, fileName: string): Promise<void> {
  await callApi(documentsApi.removeFile, { params: { ...documentParams(ref), fileName } });
}

/** The file's address; `inline` opens a PDF in the browser's viewer. */
export function downloadUrl(ref: DocumentRef, fileName: string, inline = false): string {
  return operationUrl(documentsApi.download, {
    params: { ...documentParams(ref), fileName },
    ...(inline ? { query: { inline: "1" } } : {}),
  });
}

export function isPdf(document: Pick<DocumentItem, "contentType">): boolean {
  return document.contentType === "application/pdf";
}

/**
 * Uploads a document's file through XMLHttpRequest, whose upload events report progress (fetch
 * has none). Resolves with the stored document; rejects with an ApiError carrying the server's
 * message (413 "File must be smaller than 5MB!", 415...).
 */
export function uploadDocumentFile(
  ref: DocumentRef,
  file: File,
  onProgress: (percent: number) => void = () => {},
  language = document.documentElement.lang || "en",
): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", operationUrl(documentsApi.upload, { params: documentParams(ref) }));
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Accept-Language", language);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      let body: unknown;
      try {
        body = request.responseText === "" ? undefined : JSON.parse(request.responseText);
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as DocumentItem);
      else reject(parseApiError(request.status, body));
    });
    request.addEventListener("error", () => reject(new ApiError(0, "network_error", "")));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
