import type { FastifyReply } from "fastify";
import { contentDisposition } from "../documents/index.ts";
import type { BinderFile } from "./binder-maker.ts";

/**
 * A binder goes out as a download, like a stored file (documents/download.ts): never cached
 * (it may hold secrets), never sniffed, under a CSP that lets nothing in it run.
 */
export function sendBinder(reply: FastifyReply, file: BinderFile): FastifyReply {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition("attachment", file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("content-security-policy", "default-src 'none'; sandbox");
  if (file.body instanceof Uint8Array) reply.header("content-length", String(file.body.byteLength));
  return reply.send(file.body instanceof Uint8Array ? Buffer.from(file.body) : file.body);
}
