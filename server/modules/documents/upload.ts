import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { withoutBidiControls } from "../../../domain/bidi.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { UPLOAD_MESSAGES, type UploadContentType } from "../../../domain/schemas/document.ts";
import { AppError } from "../../errors/app-error.ts";
import { infrastructureCode } from "../../errors/infrastructure.ts";
import { filePartOf, malformedMultipart } from "../../http/file-part.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { type FileRefusalReason, inspectFile } from "./file-inspection.ts";

/**
 * Multipart limits of an upload: one file of at most 5 MB, a few small fields beside it. Busboy
 * stops reading the file at fileSize and marks it truncated, so an oversized file is never read
 * past the limit.
 */
const MULTIPART_LIMITS = {
  fileSize: LIMITS.uploadBytesMax,
  files: 1,
  fields: 10,
  fieldSize: 4096,
  parts: 11,
  headerPairs: 100,
};

export type StoredUpload = {
  blobId: string;
  fileName: string;
  contentType: UploadContentType;
  size: number;
};

/**
 * A file name as the client sent it, made safe to keep and to send back in a header: no folders,
 * no control characters, no bidi controls (a name must not display as another type), at most 256
 * characters; "file" when nothing is left.
 */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const printable = withoutBidiControls(base)
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .trim();
  const cut = Array.from(printable).slice(0, LIMITS.textMax).join("");
  return cut === "" || /^\.+$/.test(cut) ? "file" : cut;
}

function refusal(reason: FileRefusalReason, cause: Error): AppError {
  return reason === "empty"
    ? new AppError("validation_failed", { fields: { file: "errors:documents.file_empty" } })
    : new AppError("unsupported_media_type", { message: UPLOAD_MESSAGES.unsupportedType, cause });
}

/**
 * Reads the request's file part and stores it encrypted while it streams in: its type is sniffed
 * from the first bytes (and, for text and Office files, checked to the end), its size is held to
 * 5 MB as it arrives, and any refusal or failure aborts the blob store's write, which then keeps
 * nothing. Answers the new blob; the caller points the document at it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { blobs: BlobStore; ownerId: string },
): Promise<StoredUpload> {
  const part = await filePartOf(request, MULTIPART_LIMITS);

  const tooLarge = () => new AppError("payload_too_large", { message: UPLOAD_MESSAGES.tooLarge });
  // Busboy holds the size (it marks the part truncated); the inspection judges the type.
  const { stream: inspect, verdict } = inspectFile({
    refusal,
    beforeEnd: () => (part.file.truncated ? tooLarge() : undefined),
  });
  // Fired the moment busboy passes the limit: stop encrypting and writing at once.
  part.file.once("limit", () => inspect.destroy(tooLarge()));

  let clientFailed: unknown;
  const receiving = pipeline(part.file, inspect).catch((error: unknown) => {
    // A broken request (the client went away, malformed multipart) is the client's problem.
    if (!(error instanceof AppError)) clientFailed = error;
  });
  const blobId = randomUUID();
  try {
    const { size } = await options.blobs.put(options.ownerId, blobId, inspect);
    await receiving;
    const contentType = verdict()?.contentType;
    if (contentType === undefined || part.file.truncated) {
      await options.blobs.delete(options.ownerId, blobId);
      throw tooLarge();
    }
    return { blobId, fileName: cleanFileName(part.filename), contentType, size };
  } catch (error) {
    await receiving;
    // The server's own trouble (a full disk) is not the client's, though the broken write also
    // breaks the stream reading the request: it answers as itself (507), not as a bad body.
    if (error instanceof AppError || infrastructureCode(error) !== undefined) throw error;
    if (clientFailed !== undefined) throw malformedMultipart(clientFailed);
    throw error;
  }
}
