import type { FastifyInstance } from "fastify";
import { fileScopes } from "../../file/scope-coverage.ts";
import { OWNER_FILE_PREFIX } from "../../http/operations.ts";
import { activityRoutes } from "../../modules/activity/routes.ts";
import { addressRoutes } from "../../modules/addresses/routes.ts";
import { collaboratorFileRoutes } from "../../modules/collaborators/file-routes.ts";
import { commentRoutes } from "../../modules/comments/routes.ts";
import { documentRoutes } from "../../modules/documents/routes.ts";
import { homeRoutes } from "../../modules/home/routes.ts";
import { institutionRoutes } from "../../modules/institutions/routes.ts";
import { listExportRoutes } from "../../modules/list-export/routes.ts";
import { personRoutes } from "../../modules/persons/routes.ts";
import { recordRoutes } from "../../modules/records/routes.ts";
import { reminderRoutes } from "../../modules/reminders/routes.ts";
import { categoryLabels } from "../../modules/search/labels.ts";
import { searchRoutes } from "../../modules/search/routes.ts";
import { createSearch } from "../../modules/search/search.ts";
import { searchSources } from "../../modules/search/sources.ts";
import type { ModuleMount } from "../dependencies.ts";

/**
 * The owner's file, with the shell's search over it: their own, and again under /api/files/{ownerId}
 * for their collaborators.
 */
export const mountOwnerFile: ModuleMount = async (app, deps) => {
  const { config, database, dataKeys, blobs, listCache, listAnswers, changes, binder, freshPassword, clock } =
    deps;
  const search = createSearch({
    db: database.db,
    dataKeys,
    sources: searchSources(database.db, dataKeys),
    labels: categoryLabels(deps.locales),
    indexer: deps.searchIndex,
    scopes: fileScopes({ db: database.db, dataKeys }),
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
    });
    await scope.register(recordRoutes, { database, dataKeys, listCache, listAnswers, changes });
    await scope.register(searchRoutes, { search });
  };
  await fileRoutes(app);
  await app.register(collaboratorFileRoutes, {
    prefix: OWNER_FILE_PREFIX,
    database,
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

/** The reminders' settings and list. */
export const mountReminders: ModuleMount = async (app, { database, dataKeys, clock }) => {
  await app.register(reminderRoutes, { database, dataKeys, clock });
};

/** Comments on the file's rows. */
export const mountComments: ModuleMount = async (app, { database, dataKeys }) => {
  await app.register(commentRoutes, { database, dataKeys });
};

/** The owner's activity log. */
export const mountActivity: ModuleMount = async (app, { database }) => {
  await app.register(activityRoutes, { database });
};

/** The home screen: the file's progress and next steps. */
export const mountHome: ModuleMount = async (app, { database, dataKeys, listCache, clock }) => {
  await app.register(homeRoutes, { database, dataKeys, listCache, clock });
};
