import { portabilityRoutes } from "../../modules/portability/routes.ts";
import type { ModuleMount } from "../dependencies.ts";

/** The whole file's export and import. */
export const mountPortability: ModuleMount = async (app, deps) => {
  const { config, database, dataKeys, blobs, listCache, changes, freshPassword, clock } = deps;
  await app.register(portabilityRoutes, {
    database,
    dataKeys,
    blobs,
    listCache,
    changes,
    importLimit: config.importRateLimit,
    tempDir: config.tempDir,
    limits: config.archiveLimits,
    ...(freshPassword === undefined ? {} : { freshPassword }),
    clock,
  });
};
