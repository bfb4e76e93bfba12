import type { FastifyReply } from "fastify";
import type { DocumentDownload } from "./reader.ts";

/**
 * How a stored file is sent: always as the type sniffed at upload, never sniffed again by the
 * browser, never cached, and as an attachment unless it is a PDF asked for inline (the spec's View
 * button opens it in the browser's own viewer).
 */

/** RFC 6266 / 8187: an ASCII fallback for old clients, then the exact name in UTF-8. */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function mayOpenInline(contentType: string): boolean {
  return contentType === "application/pdf";
}

export function sendDownload(
  reply: FastifyReply,
  file: DocumentDownload,
  wantsInline: boolean,
): FastifyReply {
  const inline = wantsInline && mayOpenInline(file.contentType);
  reply
    .header(
      "content-type",
      file.contentType === "text/plain" ? "text/plain; charset=utf-8" : file.contentType,
    )
    .header("content-length", String(file.size))
    .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store");
  // Whatever a browser makes of the bytes, they run no script and reach nothing, not even this
  // origin. Chromium's PDF viewer still opens an inline PDF under this policy when it is opened in
  // a tab of its own, as the app does (checked with Debian's Chromium headless); an iframe with a
  // sandbox attribute would not, so the app never frames a file.
  reply.header("content-security-policy", "default-src 'none'; sandbox");
  return reply.send(file.body);
}
