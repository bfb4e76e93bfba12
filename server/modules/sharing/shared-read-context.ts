import type { FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import { z } from "zod";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import type { NomineeTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { fileScopes } from "../../file/scope-coverage.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { activityWriter } from "../activity/index.ts";
import { addressReader } from "../addresses/index.ts";
import type { BinderMaker } from "../binder/index.ts";
import { documentReader } from "../documents/index.ts";
import { institutionReader } from "../institutions/index.ts";
import { personReader } from "../persons/index.ts";
import type { ListAnswers, ListCache } from "../records/index.ts";
import { recordReader } from "../records/index.ts";
import { logNomineeAccess, type NomineeAccess } from "./nominee-access-log.ts";
import { markFirstOpen, type ReleasedGrant, releasedGrant, releasedGrantsFrom } from "./released-grant.ts";
import { grantCoverage } from "./shared-scope.ts";

/** An id in a shared read's path: the grant's, or a row's. */
const sharedIdSchema = z.string().max(64);
/** The grant a shared read goes through, named in its path. */
export const nomineeParams = z.object({ nomineeId: sharedIdSchema });

/** What the shared reads need from the app. */
export type SharedReadOptions = {
  database: Database;
  dataKeys: DataKeys;
  blobs: BlobStore;
  /** The app's list cache, shared with the owner's own lists. */
  listCache: ListCache;
  /** The owner's lists kept whole, which a shared category's list answers too. */
  listAnswers: ListAnswers;
  /** Epoch ms; tests move it. */
  clock: () => number;
  /**
   * Called when a released nominee opens the file for the first time since the last release
   * (opened_at was null); mails the owner. Set by sharingRoutes when the lifecycle is mounted;
   * once per release whatever the number of calls.
   */
  onFirstOpen?: (nominee: Selectable<NomineeTable>) => Promise<void>;
  /** Makes the nominee's emergency binder (server/modules/binder); without it the binder's read is not mounted. */
  binder?: BinderMaker;
};

/**
 * What every shared read goes through: the modules' public readers (nothing here queries another
 * module's tables), the caller's released grant (with the owner's first-open mail), and the log.
 */
export function createSharedReads(options: SharedReadOptions) {
  const { dataKeys, blobs } = options;
  const { db } = options.database;
  const { clock } = options;
  const records = recordReader({ db, dataKeys, listCache: options.listCache });
  const persons = personReader(db, dataKeys);
  const addresses = addressReader(db);
  const institutions = institutionReader(db);
  const documents = documentReader(db, dataKeys);
  const scopes = fileScopes({ db, dataKeys });
  const owners = { person: persons, address: addresses, institution: institutions };
  const accessLog = activityWriter(db);

  /** The first read since the release tells the owner, once, even across app servers. */
  async function noteOpened(request: FastifyRequest, grant: ReleasedGrant, now: number): Promise<void> {
    if (!(await markFirstOpen(db, grant, now))) return;
    try {
      await options.onFirstOpen?.({ ...grant.nominee, opened_at: now });
    } catch (error) {
      // The nominee's read must not fail for the owner's mail; the log keeps the trace.
      request.log.error(
        { err: error, nomineeId: grant.nominee.id },
        "could not tell the owner of a first open",
      );
    }
  }

  return {
    db,
    records,
    persons,
    addresses,
    institutions,
    documents,
    scopes,
    blobs,
    listAnswers: options.listAnswers,

    /** The caller's released grant named by the path, or 404. */
    async grantOf(request: FastifyRequest, nomineeId: string): Promise<ReleasedGrant> {
      const now = clock();
      const grant = await releasedGrant(db, actorOf(request), nomineeId, now);
      await noteOpened(request, grant, now);
      return grant;
    },

    /**
     * The spec's person, address and institution paths name no grant: the caller's released grant
     * from the row's owner whose scope covers the row.
     */
    async grantShowing(
      request: FastifyRequest,
      kind: keyof typeof owners,
      rowId: string,
    ): Promise<{ grant: ReleasedGrant; ownerId: string }> {
      const ownerId = await owners[kind].ownerOf(rowId);
      if (ownerId === undefined) throw new AppError("not_found");
      const now = clock();
      for (const grant of await releasedGrantsFrom(db, actorOf(request), ownerId, now)) {
        if (await grantCoverage(scopes, grant).covers(kind, rowId)) {
          await noteOpened(request, grant, now);
          return { grant, ownerId };
        }
      }
      throw new AppError("not_found");
    },

    log: (grant: ReleasedGrant, accesses: readonly NomineeAccess[]) =>
      logNomineeAccess(accessLog, grant, accesses, clock()),
  };
}

export type SharedReads = ReturnType<typeof createSharedReads>;
