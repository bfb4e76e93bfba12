import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error.ts";
import { infrastructureCode } from "../../errors/infrastructure.ts";
import { filePartOf, malformedMultipart } from "../../http/file-part.ts";
import { archiveRefusal } from "./archive.ts";

/** How a ZIP starts: a local file header, or (an empty archive) the end of its central directory. */
const ZIP_SIGNATURES = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];
const SIGNATURE_BYTES = 4;
/** What a declared length may hold beyond the file: the multipart boundaries and the part's headers. */
const MULTIPART_FRAMING_BYTES = 16 * 1024;

/** Passes a stream on once its first bytes are a ZIP's; anything else fails it with 400 "not a ZIP". */
function zipSignatureCheck(): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (checked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SIGNATURE_BYTES) return done();
      checked = true;
      const signature = head.subarray(0, SIGNATURE_BYTES);
      if (!ZIP_SIGNATURES.some((zip) => zip.equals(signature))) return done(archiveRefusal("not_zip"));
      done(null, head);
    },
    flush(done) {
      done(checked ? null : archiveRefusal("not_zip"));
    },
  });
}

/**
 * Receives the request's ZIP (multipart, field `file`) into a file of its own under `tempDir`,
 * which yauzl needs (it reads a ZIP from its end), runs `use` on it, and removes it whatever
 * happens. Checked as it arrives, so that nothing past a refusal is written: a declared length
 * past `maxBytes` is refused before the body is read, a body that grows past it the moment it does
 * (413); first bytes that are not a ZIP's, at once (400 naming `file`). A full disk answers as
 * itself (507 `storage_full`), a broken request as malformed multipart.
 */
export async function withUploadedArchive<T>(
  request: FastifyRequest,
  options: { tempDir: string; maxBytes: number },
  use: (path: string) => Promise<T>,
): Promise<T> {
  const { maxBytes } = options;
  const tooLarge = () =>
    new AppError("payload_too_large", {
      message: "errors:portability.archive_too_large",
      params: { megabytes: maxBytes / (1024 * 1024) },
    });
  if (Number(request.headers["content-length"]) > maxBytes + MULTIPART_FRAMING_BYTES) throw tooLarge();
  const part = await filePartOf(request, { fileSize: maxBytes, files: 1, fields: 0, parts: 1 });
  const check = zipSignatureCheck();
  // Fired the moment busboy passes the limit: the write stops there.
  part.file.once("limit", () => check.destroy(tooLarge()));
  const folder = await mkdtemp(join(options.tempDir, "kinfile-import-"));
  try {
    const path = join(folder, "archive.zip");
    try {
      await pipeline(part.file, check, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    } catch (error) {
      if (error instanceof AppError || infrastructureCode(error) !== undefined) throw error;
      throw malformedMultipart(error);
    }
    if (part.file.truncated) throw tooLarge();
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
