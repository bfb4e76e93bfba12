import type { MultipartFile } from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.ts";
import type { RateLimit } from "./rate-limit-store.ts";

/** The multipart field every upload control sends its file in. */
const FILE_FIELD = "file";

export type FilePartLimits = {
  fileSize: number;
  files?: number;
  fields?: number;
  fieldSize?: number;
  parts?: number;
};

/** What a broken multipart body (no boundary, a cut-off part, bad part headers) is answered with. */
export function malformedMultipart(cause: unknown): AppError {
  return new AppError("bad_request", { message: "malformed_multipart", cause });
}

/**
 * The request's one file part, in the field `file`: 415 when the body is not multipart, 400 naming
 * `file` when it holds no file there, 400 when it is not readable multipart at all. The file's size
 * is held to `fileSize` (the part is marked truncated, never thrown), so each caller words its own
 * "too large"; a read of the stream that then fails is the caller's to turn into malformedMultipart.
 */
export async function filePartOf(request: FastifyRequest, limits: FilePartLimits): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new AppError("unsupported_media_type", { message: "errors:documents.multipart_required" });
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits, throwFileSizeLimit: false });
  } catch (error) {
    throw malformedMultipart(error);
  }
  if (part === undefined || part.fieldname !== FILE_FIELD) {
    part?.file.resume();
    throw new AppError("validation_failed", { fields: { file: "errors:documents.file_required" } });
  }
  return part;
}

/** How many files one account may send per window (config.uploadRateLimit), held by perAccountRateLimit. */
export type UploadLimit = RateLimit;

/**
 * The onSend hook of a route that takes a file: an answer given before the body was read to its
 * end (too large, refused, not found) leaves the rest of it on the wire, so the connection closes
 * rather than carry it as the next request.
 */
export async function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.raw.complete) reply.header("connection", "close");
}
