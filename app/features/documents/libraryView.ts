import type { DocumentItem } from "./api.ts";

/** What kind of file a document holds, read from its stored type (sniffed at upload) or its name. */
export const FILE_FORMATS = ["pdf", "image", "text", "other", "none"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const LIBRARY_SORTS = ["date", "name", "size"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The library's search, filters and order; an empty filter lets everything through. */
export type LibraryQuery = { search: string; module: string; kind: string; sort: LibrarySort };

export const ALL_DOCUMENTS: LibraryQuery = { search: "", module: "", kind: "", sort: "date" };

export function fileFormat(document: Pick<DocumentItem, "contentType" | "fileName">): FileFormat {
  const { contentType, fileName } = document;
  if (!fileName) return "none";
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (contentType === "application/pdf" || extension === "pdf") return "pdf";
  if (
    contentType?.startsWith("image/") ||
    ["jpg", "jpeg", "png", "gif", "webp", "heic"].includes(extension)
  ) {
    return "image";
  }
  if (contentType?.startsWith("text/") || ["txt", "csv"].includes(extension)) return "text";
  return "other";
}

/** The name a document is listed and sorted by: its file's, else its description. */
export function documentName(document: DocumentItem): string {
  return document.fileName ?? document.description ?? "";
}

const ORDER: Record<LibrarySort, (a: DocumentItem, b: DocumentItem) => number> = {
  // Newest first, biggest first: what a person looks for when they sort by these.
  date: (a, b) => b.date - a.date,
  size: (a, b) => (b.size ?? -1) - (a.size ?? -1),
  name: (a, b) => documentName(a).localeCompare(documentName(b), undefined, { sensitivity: "base" }),
};

/** The documents the query lets through, in its order. */
export function viewLibrary(documents: readonly DocumentItem[], query: LibraryQuery): DocumentItem[] {
  const search = query.search.trim().toLocaleLowerCase();
  return documents
    .filter(
      (document) =>
        (search === "" || documentName(document).toLocaleLowerCase().includes(search)) &&
        (query.module === "" || document.assignedModule === query.module) &&
        (query.kind === "" || fileFormat(document) === query.kind),
    )
    .sort(ORDER[query.sort]);
}

/** A file's size in the reader's language, in kilobytes or megabytes. */
export function formatFileSize(bytes: number, language: string): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: megabytes ? "megabyte" : "kilobyte",
    unitDisplay: "short",
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}
