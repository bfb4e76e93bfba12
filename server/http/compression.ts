import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyRequest } from "fastify";

/**
 * How answers are compressed, in one place: @fastify/compress applies it to every answer (app.ts),
 * and the record lists kept in memory (records/list-answers.ts) keep their compressed copies made
 * the same way, so that a kept list is not compressed again for every browser that asks for it.
 */
export type Encoding = "br" | "gzip";

/** Answers under this size go as they are: compression would save less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli first (smaller), gzip for clients without it; quality 4 keeps brotli about as fast as gzip. */
const ENCODINGS: Encoding[] = ["br", "gzip"];
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The options of @fastify/compress. Request bodies are never inflated: a small compressed upload must not become a large one past the body limits. */
export const COMPRESS_PLUGIN_OPTIONS = {
  threshold: COMPRESSION_THRESHOLD,
  encodings: ENCODINGS,
  brotliOptions: BROTLI_OPTIONS,
  globalDecompression: false,
};

// "*" (no preference) and x-gzip count as gzip, as @fastify/compress reads them.
const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * The encoding @fastify/compress would choose for an answer to this request, or undefined for
 * none: the same negotiation of Accept-Encoding, and its x-no-compression opt-out.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers["accept-encoding"];
  if (header === undefined || request.headers["x-no-compression"] !== undefined) return undefined;
  return negotiate(header.toLowerCase().replace(GZIP_ALIASES, "gzip"), ENCODINGS) ?? undefined;
}

/** `bytes` compressed as @fastify/compress compresses an answer in that encoding. */
export function compressed(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes);
}
