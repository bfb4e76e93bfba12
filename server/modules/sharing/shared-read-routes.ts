import type { FastifyInstance } from "fastify";
import { sharedBinderRoutes } from "./shared-binder-read.ts";
import { sharedDocumentRoutes } from "./shared-document-reads.ts";
import { sharedNetworkRoutes } from "./shared-network-reads.ts";
import { createSharedReads, type SharedReadOptions } from "./shared-read-context.ts";
import { sharedRecordRoutes } from "./shared-record-reads.ts";

/**
 * A released nominee reads what the owner shared, read-only, in the shapes the owner's own routes
 * answer (so the app shows it with the same components). Everything goes through the grant
 * (released-grant.ts) and the scope (shared-scope.ts): outside them, every answer is 404. Views,
 * reveals and downloads are logged for the owner (nominee-access-log.ts); the first read after
 * each release calls `onFirstOpen` (the owner's mail). Nothing here writes the owner's file.
 */
export async function sharedReadRoutes(app: FastifyInstance, options: SharedReadOptions): Promise<void> {
  // Shared data never stays in a cache; downloads set their own stricter header.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
  const reads = createSharedReads(options);
  sharedRecordRoutes(app, reads);
  sharedNetworkRoutes(app, reads);
  sharedDocumentRoutes(app, reads);
  if (options.binder !== undefined) sharedBinderRoutes(app, reads, options.binder);
}
