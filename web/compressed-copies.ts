/**
 * The brotli and gzip copies the server sends in place of a text file (server/http/web.ts,
 * preCompressed): made once at build time at the highest settings, by the compression plugin in
 * vite.config.ts for the app's files, and here for the files the build changes or writes after it.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The text files that get copies, when large enough to gain from them. */
export const COMPRESSED = { include: /\.(js|css|html|json|svg|webmanifest)$/, minBytes: 1024 };

/** The app build's chunks, whose copies compile-hints-plugin.ts makes once it has hinted them. */
export const CHUNK_FILES = /assets\/[^/]+\.js$/;

/** The copies' file names are the file's, with these suffixes. */
export function compressedCopies(content: string | Uint8Array): { ".br": Buffer; ".gz": Buffer } {
  return {
    ".br": brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ".gz": gzipSync(content, { level: 9 }),
  };
}
