import type { FastifyInstance } from "fastify";
import { documentReader } from "../documents/index.ts";
import type { SharingServices } from "./jobs.ts";
import { firstOpenHook } from "./jobs.ts";
import { nomineeRoutes } from "./nominee-routes.ts";
import { createNomineeService } from "./nominee-service.ts";
import { ownerRoutes } from "./owner-routes.ts";
import { createOwnerService } from "./owner-service.ts";
import type { SharedReadOptions } from "./shared-read-context.ts";
import { sharedReadRoutes } from "./shared-read-routes.ts";

/** What the sharing module needs from the app: the shared reads' needs, and the lifecycle's. */
export type SharingOptions = SharedReadOptions & {
  /**
   * The lifecycle's mail, jobs and signed links: with them the owner's and the nominee's routes
   * are mounted (they need accounts, so the app passes them with auth).
   */
  lifecycle?: SharingServices & { publicUrl: string };
};

/**
 * The nominees API (domain/schemas/share.ts): the owner's side (Shared by me), the nominee's side
 * (Shared with me, accept, request) with the signed approval link, and the nominee's read-only
 * access to what was shared once released.
 */
export async function sharingRoutes(app: FastifyInstance, options: SharingOptions): Promise<void> {
  if (options.lifecycle === undefined) {
    await app.register(sharedReadRoutes, options);
    return;
  }
  const deps = { db: options.database.db, clock: options.clock, ...options.lifecycle };
  const documents = documentReader(options.database.db, options.dataKeys);
  await app.register(ownerRoutes, { owner: createOwnerService(deps, documents) });
  await app.register(nomineeRoutes, { nominee: createNomineeService(deps) });
  await app.register(sharedReadRoutes, {
    ...options,
    onFirstOpen: options.onFirstOpen ?? firstOpenHook(deps),
  });
}
