import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import type { Entry, ZipFile } from "yauzl";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../../../domain/limits.ts";
import { FILE_EXPORT_DOCUMENT, FILE_EXPORT_FILES_FOLDER } from "../../../domain/schemas/file-export.ts";
import { AppError } from "../../errors/app-error.ts";

/** Past this size an entry's compression ratio is looked at (small text packs tightly, harmlessly). */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;

/** An archive refused: 400 naming the `file` field, with the reason (a key of errors.json "portability"). */
export function archiveRefusal(
  reason: string,
  params: Record<string, unknown> = {},
  cause?: unknown,
): AppError {
  const message = `errors:portability.${reason}`;
  return new AppError("validation_failed", {
    message,
    fields: { file: message },
    params,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** An archive opened for an import: its JSON document, and its files by path. */
export type OpenedArchive = {
  /** The JSON document, parsed but not yet checked. */
  document: unknown;
  /** The paths of the files beside the document (under files/). */
  filePaths: ReadonlySet<string>;
  /** One file's bytes, checked on the way against the size its entry declares. */
  openFile(path: string): Promise<Readable>;
  close(): void;
};

/**
 * Whether an entry's name is a plain relative path of ours: no absolute path, no "..", no
 * backslash, no control character (yauzl refuses most of these too; this says so in our words).
 */
function isSafePath(name: string): boolean {
  if (name.startsWith("/") || name.includes("\\") || /\p{Cc}/u.test(name)) return false;
  return name.split("/").every((segment) => segment !== ".." && segment !== ".");
}

/**
 * Opens an uploaded ZIP for an import and reads its JSON document, refusing before anything is
 * unpacked what could not be ours or would unpack to too much: not a ZIP; too many entries; an
 * unsafe path or one outside the layout (the document and files/...); a name twice; more unpacked
 * bytes in all than `unpackedBytesMax`, or an entry packed tighter than `compressionRatioMax`
 * (a ZIP bomb); no document, or a document that is not JSON. Entry sizes are checked again as they
 * are read (a header that lies is caught). yauzl is loaded on the first import, not at start: the
 * idle server stays small.
 */
export async function openArchive(
  path: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<OpenedArchive> {
  const { default: yauzl } = await import("yauzl");
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (error) {
    throw archiveRefusal("not_zip", {}, error);
  }
  try {
    if (zip.entryCount > limits.entriesMax)
      throw archiveRefusal("too_many_entries", { max: limits.entriesMax });
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entry.fileName;
        if (name.endsWith("/")) continue;
        if (!isSafePath(name)) throw archiveRefusal("unsafe_path", { path: name.slice(0, 200) });
        if (name !== FILE_EXPORT_DOCUMENT && !name.startsWith(FILE_EXPORT_FILES_FOLDER)) {
          throw archiveRefusal("unexpected_entry", { path: name.slice(0, 200) });
        }
        if (entries.has(name)) throw archiveRefusal("unexpected_entry", { path: name.slice(0, 200) });
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.unpackedBytesMax) throw archiveRefusal("too_large");
        if (
          entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES &&
          entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.compressionRatioMax
        ) {
          throw archiveRefusal("too_compressed", { path: name.slice(0, 200) });
        }
        entries.set(name, entry);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // yauzl's own refusals of a broken or hostile archive (bad names, bad headers).
      throw archiveRefusal("not_zip", {}, error);
    }

    const documentEntry = entries.get(FILE_EXPORT_DOCUMENT);
    if (documentEntry === undefined) throw archiveRefusal("no_document");
    if (documentEntry.uncompressedSize > limits.documentBytesMax) throw archiveRefusal("too_large");
    let document: unknown;
    try {
      document = JSON.parse(await text(await zip.openReadStreamPromise(documentEntry)));
    } catch (error) {
      throw archiveRefusal("not_json", {}, error);
    }

    return {
      document,
      filePaths: new Set([...entries.keys()].filter((name) => name !== FILE_EXPORT_DOCUMENT)),
      async openFile(name) {
        const entry = entries.get(name);
        if (entry === undefined) throw archiveRefusal("missing_file", { path: name.slice(0, 200) });
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
