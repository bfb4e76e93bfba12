import type { FastifyInstance } from "fastify";
import { FILE_KINDS } from "../../file/kinds.ts";
import { fileScopes } from "../../file/scope-coverage.ts";
import { OWNER_FILE_PREFIX } from "../../http/operations.ts";
import { activityRoutes } from "../../modules/activity/routes.ts";
import { addressRoutes } from "../../modules/addresses/routes.ts";
import { collaboratorFileRoutes } from "../../modules/collaborators/file-routes.ts";
import { documentRoutes } from "../../modules/documents/routes.ts";
import { homeRoutes } from "../../modules/home/routes.ts";
import { institutionRoutes } from "../../modules/institutions/routes.ts";
import { listExportRoutes } from "../../modules/list-export/routes.ts";
import { personRoutes } from "../../modules/persons/routes.ts";
import { recordReader } from "../../modules/records/reader.ts";
import { recordRoutes } from "../../modules/records/routes.ts";
import { reminderRoutes } from "../../modules/reminders/routes.ts";
import { categoryLabels } from "../../modules/search/labels.ts";
import { searchRoutes } from "../../modules/search/routes.ts";
import { createSearch } from "../../modules/search/search.ts";
import { searchSources } from "../../modules/search/sources.ts";
import { documentVisibility } from "../../modules/sharing/index.ts";
import type { ModuleMount } from "../dependencies.ts";

/**
 * The owner's file, with the shell's search over it: their own, and again under /api/files/{ownerId}
 * for their collaborators.
 */
export const mountOwnerFile: ModuleMount = async (app, deps) => {
  const { config, database, dataKeys, blobs, listCache, listAnswers, changes, binder, freshPassword, clock } =
    deps;
  const scopes = fileScopes({ db: database.db, dataKeys });
  const records = recordReader({ db: database.db, dataKeys, listCache });
  const search = createSearch({
    db: database.db,
    dataKeys,
    sources: searchSources(database.db, dataKeys),
    labels: categoryLabels(deps.locales),
    indexer: deps.searchIndex,
    scopes,
    clock,
  });
  const fileRoutes = async (scope: FastifyInstance) => {
    await scope.register(addressRoutes, { database, changes });
    await scope.register(institutionRoutes, { database, uploadLimit: config.uploadRateLimit, changes });
    await scope.register(personRoutes, { database, dataKeys, uploadLimit: config.uploadRateLimit, changes });
    await scope.register(documentRoutes, {
      database,
      blobs,
      dataKeys,
      uploadLimit: config.uploadRateLimit,
      changes,
      visibility: (file) => documentVisibility(scopes, file),
    });
    await scope.register(recordRoutes, { database, dataKeys, listCache, listAnswers, changes });
    await scope.register(searchRoutes, { search });
    await scope.register(reminderRoutes, { database, dataKeys, clock });
    await scope.register(homeRoutes, { database, dataKeys, listCache, clock });
    for (const kind of FILE_KINDS) await kind.routes?.mount?.(scope, { database, dataKeys, changes });
  };
  await fileRoutes(app);
  await app.register(collaboratorFileRoutes, {
    prefix: OWNER_FILE_PREFIX,
    database,
    dataKeys,
    records,
    scopes,
    billing: config.billing.mode,
    clock,
    register: fileRoutes,
    binder: { maker: binder, freshPassword },
  });
};

/** The owner's lists as CSV files. */
export const mountListExport: ModuleMount = async (app, { database, dataKeys, listCache, locales }) => {
  await app.register(listExportRoutes, { database, dataKeys, listCache, locales });
};

/** The owner's activity log. */
export const mountActivity: ModuleMount = async (app, { database }) => {
  await app.register(activityRoutes, { database });
};
