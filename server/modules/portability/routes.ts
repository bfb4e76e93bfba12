import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { portabilityApi } from "../../../domain/api/portability.ts";
import { portabilityTypes } from "../../../domain/api/portability.types.ts";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../../../domain/limits.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { closeUnreadBody, type UploadLimit } from "../../http/file-part.ts";
import { registerOperation } from "../../http/operations.ts";
import { perAccountRateLimit } from "../../http/rate-limit-store.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { recordActivity } from "../activity/index.ts";
import { createPhotoProcessor } from "../persons/index.ts";
import type { ListCache } from "../records/index.ts";
import { exportArchive } from "./export-archive.ts";
import { assertImportable, importFile } from "./import-file.ts";
import { withImportLock } from "./import-lock.ts";
import { readFileSnapshot } from "./snapshot.ts";
import { withUploadedArchive } from "./uploaded-archive.ts";

/** The day of an export in its file name: kinfile-export-YYYY-MM-DD.zip (UTC). */
function exportFileName(now: number): string {
  return `kinfile-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

/**
 * GET /api/export: the owner's whole file as a ZIP; POST /api/import: such a ZIP into an empty
 * file (see README.md). Exporting needs only a signed-in account (one's data is one's own, with or
 * without a subscription); importing writes every section, so it needs the full file.
 */
export async function portabilityRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    dataKeys: DataKeys;
    blobs: BlobStore;
    listCache: ListCache;
    /** Where an import publishes what it wrote (server/file/changes.ts). */
    changes: FileChanges;
    /** How many imports one account may start per window (IMPORT_RATE_LIMIT_*). */
    importLimit: UploadLimit;
    /** Where an uploaded archive is kept while it is imported (config.tempDir). */
    tempDir: string;
    /** What an archive may hold (config.archiveLimits). */
    limits?: ArchiveLimits;
    /** Absent in an app without identity: an export with secrets is then refused. */
    freshPassword?: FreshPassword;
    clock: () => number;
  },
): Promise<void> {
  const { database, dataKeys, blobs, listCache } = options;
  const { db } = database;
  const { clock } = options;
  // Registered in this plugin only, as the documents' uploads do (limits set where the file is read).
  await app.register(multipart);
  // Imported photos are re-encoded as saved ones are, on their own worker (started on first use).
  const photos = createPhotoProcessor();
  app.addHook("onClose", () => photos.close());
  registerOperation(app, portabilityApi.export, portabilityTypes.export, async (request, reply) => {
    const actor = actorOf(request);
    const { secrets } = request.query;
    if (secrets) {
      if (options.freshPassword === undefined) throw new AppError("password_not_confirmed");
      await options.freshPassword.require(request as FastifyRequest);
    }
    const now = clock();
    const snapshot = await readFileSnapshot({ db, dataKeys, listCache }, actor.userId, { secrets, now });
    // The owner's log says when the whole file left, and whether its secrets did.
    await recordActivity(
      db,
      [
        {
          ownerId: actor.userId,
          actorId: actor.userId,
          kind: "export",
          subjectKind: "file",
          subjectId: actor.userId,
          field: secrets ? "secrets" : null,
        },
      ],
      now,
    );
    const archive = exportArchive(
      snapshot,
      (files, row) => files.open({ db, dataKeys, listCache, blobs }, actor.userId, row),
      request.log,
    );
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${exportFileName(now)}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(archive);
  });

  const limits = options.limits ?? ARCHIVE_LIMITS;
  const importing = {
    // Counted per account apart from other uploads: one import succeeds per account, so few are needed.
    config: { rateLimit: perAccountRateLimit(options.importLimit) },
    onSend: closeUnreadBody,
  };
  registerOperation(
    app,
    portabilityApi.import,
    portabilityTypes.import,
    async (request) => {
      const actor = actorOf(request);
      // One import per account at a time, whichever server takes it: a second is refused before its upload is read.
      return withImportLock(db, actor.userId, clock, async () => {
        // A full file is refused before a large upload is read.
        await assertImportable({ db, dataKeys, listCache }, actor.userId);
        return withUploadedArchive(
          request as FastifyRequest,
          { tempDir: options.tempDir, maxBytes: limits.archiveBytesMax },
          (path) =>
            importFile(
              {
                db,
                dialect: database.dialect,
                dataKeys,
                blobs,
                listCache,
                photos,
                changes: options.changes,
                limits,
                clock,
              },
              actor.userId,
              path,
            ),
        );
      });
    },
    importing,
  );
}
