import { createHash } from "node:crypto";
import { PassThrough, type Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import { FILE_EXPORT_DOCUMENT, type FileSnapshot } from "../../../domain/schemas/file-export.ts";
import { AppError } from "../../errors/app-error.ts";
import type { KindPortability } from "../../file/kind-portability.ts";
import { FILE_KINDS } from "../../file/kinds.ts";

/** Types that gain nothing from deflate (already compressed): stored as they are, sparing the CPU. */
const STORED_TYPES = /^(image\/|application\/pdf|application\/vnd\.openxmlformats)/;

/** A kind's way with its rows' files, as the export opens one. */
export type KindFiles = NonNullable<KindPortability["files"]>;

/**
 * The export's ZIP, streamed: the files of every kind whose rows carry one (decrypted, as
 * `openFile` gives it) at their snapshot paths, hashed on their way in, then the JSON document
 * with each file's SHA-256. Files are read one at a time, so memory holds one chunk, not the file.
 * A file that cannot be read (its blob is missing) is left out and its row says `file: null`; the
 * log says which. yazl is loaded on the first export, not at start: the idle server stays small.
 */
export function exportArchive(
  snapshot: FileSnapshot,
  openFile: (files: KindFiles, row: { id: string }) => Promise<Readable>,
  log: Pick<FastifyBaseLogger, "warn">,
): Readable {
  const output = new PassThrough();
  const mtime = new Date(snapshot.exportedAt);

  void (async () => {
    const { default: yazl } = await import("yazl");
    const zip = new yazl.ZipFile();
    zip.outputStream.pipe(output);
    const parts: Record<string, unknown[]> = {};
    for (const { kind, portability } of FILE_KINDS) {
      const { files, part } = portability;
      if (files === undefined) continue;
      const rows = (snapshot as unknown as Record<string, { id: string }[]>)[part] ?? [];
      const written: unknown[] = [];
      for (const row of rows) {
        const file = files.of(row);
        if (file === null) {
          written.push(files.written(row, null));
          continue;
        }
        let body: Readable;
        try {
          body = await openFile(files, row);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          log.warn({ kind, id: row.id }, "export: a file could not be read; left out");
          written.push(files.written(row, null));
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
        zip.addReadStream(hashed, file.path, { mtime, compress: !STORED_TYPES.test(file.contentType) });
        await finished(hashed);
        written.push(files.written(row, { ...file, sha256: hash.digest("hex") }));
      }
      parts[part] = written;
    }
    const json = { ...snapshot, ...parts };
    zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), FILE_EXPORT_DOCUMENT, { mtime });
    zip.end();
  })().catch((error: unknown) => {
    // Headers are gone: the download stops short, and an unzip of it fails rather than lies.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
