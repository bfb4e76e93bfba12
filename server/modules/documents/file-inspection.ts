import { createHash, type Hash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { UploadContentType } from "../../../domain/schemas/document.ts";
import { createFileTypeDetector, RefusedFileError } from "./file-type.ts";

/** Why a file was refused: a type not accepted, nothing in it, or more bytes than allowed. */
export type FileRefusalReason = "type" | "empty" | "size";

/** What an inspected file turned out to be, once its last byte went through. */
export type FileVerdict = { contentType: UploadContentType; size: number; sha256: string | null };

/**
 * A pass-through stream that judges the file it carries, for every way a file comes in (an upload,
 * an import): its type from its bytes (and, for text and Office files, to the end), its size
 * against `maxBytes`, and with `hash` its SHA-256. A refusal errors the stream before its end, as
 * `refusal` words it, so the blob store it feeds keeps nothing; `beforeEnd` may refuse at the last
 * moment (an upload cut off at its limit).
 */
export function inspectFile(options: {
  refusal: (reason: FileRefusalReason, cause: Error) => Error;
  maxBytes?: number;
  hash?: boolean;
  beforeEnd?: () => Error | undefined;
}): { stream: Transform; verdict(): FileVerdict | undefined } {
  const detector = createFileTypeDetector();
  const hash: Hash | null = options.hash ? createHash("sha256") : null;
  let size = 0;
  let verdict: FileVerdict | undefined;
  const refused = (error: unknown): Error =>
    error instanceof RefusedFileError ? options.refusal(error.reason, error) : (error as Error);

  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) {
        return done(options.refusal("size", new Error(`more than ${options.maxBytes} bytes`)));
      }
      try {
        detector.write(chunk);
        hash?.update(chunk);
        done(null, chunk);
      } catch (error) {
        done(refused(error));
      }
    },
    // The verdict on text and Office files needs the last byte; giving it before the stream ends
    // means a refused file never becomes a stored blob.
    flush(done: TransformCallback) {
      const late = options.beforeEnd?.();
      if (late !== undefined) return done(late);
      try {
        verdict = { contentType: detector.end(), size, sha256: hash?.digest("hex") ?? null };
        done();
      } catch (error) {
        done(refused(error));
      }
    },
  });
  return { stream, verdict: () => verdict };
}
