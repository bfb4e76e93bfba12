import { createHash } from "node:crypto";
import { PassThrough, type Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import {
  FILE_EXPORT_DOCUMENT,
  type FileExportDocument,
  type FileSnapshot,
} from "../../../domain/schemas/file-export.ts";
import { AppError } from "../../errors/app-error.ts";

/** Types that gain nothing from deflate (already compressed): stored as they are, sparing the CPU. */
const STORED_TYPES = /^(image\/|application\/pdf|application\/vnd\.openxmlformats)/;

/**
 * The export's ZIP, streamed: every document's file (decrypted, as `openFile` gives it) at its
 * snapshot path, hashed on its way in, then the JSON document with each file's SHA-256. Files are
 * read one at a time, so memory holds one chunk, not the file. A file that cannot be read (its
 * blob is missing) is left out and its document says `file: null`; the log says which. yazl is
 * loaded on the first export, not at start: the idle server stays small.
 */
export function exportArchive(
  snapshot: FileSnapshot,
  openFile: (documentId: string) => Promise<Readable>,
  log: Pick<FastifyBaseLogger, "warn">,
): Readable {
  const output = new PassThrough();
  const mtime = new Date(snapshot.exportedAt);

  void (async () => {
    const { default: yazl } = await import("yazl");
    const zip = new yazl.ZipFile();
    zip.outputStream.pipe(output);
    const documents: FileExportDocument["documents"] = [];
    for (const document of snapshot.documents) {
      if (document.file === null) {
        documents.push({ ...document, file: null });
        continue;
      }
      let body: Readable;
      try {
        body = await openFile(document.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn({ documentId: document.id }, "export: a document's file could not be read; left out");
        documents.push({ ...document, file: null });
        continue;
      }
      const hash = createHash("sha256");
      // Hashed as yazl pulls it: nothing flows before the archive reads it.
      const hashed = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      body.once("error", (error) => hashed.destroy(error));
      body.pipe(hashed);
      zip.addReadStream(hashed, document.file.path, {
        mtime,
        compress: !STORED_TYPES.test(document.file.contentType),
      });
      await finished(hashed);
      documents.push({ ...document, file: { ...document.file, sha256: hash.digest("hex") } });
    }
    const json: FileExportDocument = { ...snapshot, documents };
    zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), FILE_EXPORT_DOCUMENT, { mtime });
    zip.end();
  })().catch((error: unknown) => {
    // Headers are gone: the download stops short, and an unzip of it fails rather than lies.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
