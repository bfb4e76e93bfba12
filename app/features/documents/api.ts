import type { DocumentListItem } from "../../../domain/schemas/document.ts";
import { ApiError, apiFetch, parseApiError } from "../../api/client.ts";

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

function documentPath({ module, type, id }: DocumentRef): string {
  return `/api/documents/${encodeURIComponent(module)}/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
}

export function listDocuments(module: string, type: string): Promise<DocumentItem[]> {
  return apiFetch<DocumentItem[]>(
    `/api/documents/${encodeURIComponent(module)}/type/${encodeURIComponent(type)}`,
  );
}

/** The documents attached to the owner's records (the library shows them beside its own). */
export function listDocumentsOnRecords(): Promise<DocumentItem[]> {
  return apiFetch<DocumentItem[]>("/api/documents/on-records");
}

export function getDocument(ref: DocumentRef): Promise<DocumentItem> {
  return apiFetch<DocumentItem>(documentPath(ref));
}

/** Creates (without `id`) or changes a document's metadata; answers its id. */
export function saveDocument(metadata: DocumentMetadata): Promise<string> {
  return apiFetch<string>("/api/documents", { method: "POST", body: JSON.stringify(metadata) });
}

export function deleteDocument(ref: DocumentRef): Promise<void> {
  return apiFetch<void>(documentPath(ref), { method: "DELETE" });
}

/** Deletes an upload of a record's form left unsaved; one its record's save kept stays (204 either way). */
export function discardPendingUpload(id: string): Promise<void> {
  return apiFetch<void>(`/api/documents/pending/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Removes the stored file only; the server refuses a name that is not the stored one. */
export function deleteDocumentFile(ref: DocumentRef, fileName: string): Promise<void> {
  return apiFetch<void>(`${documentPath(ref)}/delete/${encodeURIComponent(fileName)}/`, { method: "DELETE" });
}

/** The file's address; `inline` opens a PDF in the browser's viewer. */
export function downloadUrl(ref: DocumentRef, fileName: string, inline = false): string {
  return `${documentPath(ref)}/download/${encodeURIComponent(fileName)}/${inline ? "?inline=1" : ""}`;
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
    request.open("POST", `${documentPath(ref)}/upload`);
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
