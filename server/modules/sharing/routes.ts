import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { NomineeTable } from "../../db/schema.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { nomineeRoutes } from "./nominee-routes.ts";
import { ownerRoutes } from "./owner-routes.ts";
import { sharedReadRoutes } from "./shared-read-routes.ts";

/** What the sharing module needs from the app. */
export type SharingOptions = {
  database: Database;
  dataKeys: DataKeys;
  blobs: BlobStore;
  /** Epoch ms; tests move it. */
  clock?: () => number;
  /**
   * Called by the shared reads when a released nominee opens the file for the first time since
   * the last release (opened_at was null); mails the owner.
   */
  onFirstOpen?: (nominee: Selectable<NomineeTable>) => Promise<void>;
};

/**
 * The nominees API (domain/schemas/share.ts): the owner's side (Shared by me), the nominee's side
 * (Shared with me, accept, request) with the signed approval link, and the nominee's read-only
 * access to what was shared once released.
 */
export async function sharingRoutes(app: FastifyInstance, options: SharingOptions): Promise<void> {
  await app.register(ownerRoutes, options);
  await app.register(nomineeRoutes, options);
  await app.register(sharedReadRoutes, options);
}
