import type { FastifyInstance } from "fastify";
import type { AuthServices } from "../auth/better-auth.ts";
import { createFreshPassword, type FreshPassword } from "../auth/fresh-password.ts";
import type { Config } from "../config.ts";
import { createDataKeys, type DataKeys } from "../crypto/data-keys.ts";
import { loadMasterKeyring } from "../crypto/master-keys.ts";
import type { Database } from "../db/database.ts";
import { type FileChanges, openFileChanges } from "../file/changes.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";
import { type AccountEraser, createAccountEraser } from "../modules/account/account-deletion.ts";
import { type BinderMaker, createBinderMaker } from "../modules/binder/binder-maker.ts";
import { createListAnswers, type ListAnswers } from "../modules/records/list-answers.ts";
import { createListCache, type ListCache } from "../modules/records/list-cache.ts";
import { createSearchIndexer, type SearchIndexer } from "../modules/search/indexer.ts";
import { searchSources } from "../modules/search/sources.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { openBlobStore } from "../storage/open-blob-store.ts";
import type { BuildAppOptions } from "./options.ts";

/** What the modules share, built once by the composition root; absent services are `undefined`. */
export type AppDependencies = {
  config: Config;
  database: Database;
  clock: () => number;
  locales: LocaleStore;
  auth: AuthServices | undefined;
  /** The password asked again before secrets leave: the account's route confirms, exports require it. */
  freshPassword: FreshPassword | undefined;
  sharing: BuildAppOptions["sharing"];
  billing: BuildAppOptions["billing"];
  reminderJobs: BuildAppOptions["reminderJobs"];
  eraser: AccountEraser;
  changes: FileChanges;
  /** Lists of records keep their columns here: one cache for this app, the owner's and the nominees' reads. */
  listCache: ListCache;
  /** The owner's lists kept whole, following the bus: this server's writes and the other servers'. */
  listAnswers: ListAnswers;
  dataKeys: DataKeys;
  blobs: BlobStore;
  searchIndex: SearchIndexer;
  /** The emergency binder (server/modules/binder): the owner's, a collaborator's, a nominee's. */
  binder: BinderMaker;
};

/** One module's part of the app: its routes, and what it adds to the shared dependencies' lists. */
export type ModuleMount = (app: FastifyInstance, deps: AppDependencies) => Promise<void>;

/** Builds the shared dependencies once; those that hold connections close with the app. */
export function buildDependencies(
  app: FastifyInstance,
  options: BuildAppOptions,
  locales: LocaleStore,
): AppDependencies {
  const { config, database, auth } = options;
  // Every write to an owner's file is published here, whoever makes it (server/file/changes.ts):
  // the auth's bus, which main.ts also gives its jobs; closed with the app.
  const changes = auth?.changes ?? openFileChanges(database);
  app.addHook("onClose", () => changes.close());
  const dataKeys = createDataKeys({
    db: database.db,
    masterKeys:
      options.masterKeys ??
      loadMasterKeyring({ config, logger: { warn: (message) => app.log.warn(message) } }),
  });
  const listCache = createListCache();
  const blobs = openBlobStore({ config, database, dataKeys });
  return {
    config,
    database,
    clock: options.clock,
    locales,
    auth,
    freshPassword: auth === undefined ? undefined : createFreshPassword(auth),
    sharing: options.sharing,
    billing: options.billing,
    reminderJobs: options.reminderJobs,
    eraser: options.eraser ?? createAccountEraser(),
    changes,
    listCache,
    listAnswers: createListAnswers(
      database.othersWrote === undefined ? {} : { othersWrote: database.othersWrote },
    ),
    dataKeys,
    blobs,
    searchIndex: createSearchIndexer({
      db: database.db,
      dialect: database.dialect,
      dataKeys,
      sources: searchSources,
    }),
    binder: createBinderMaker({
      db: database.db,
      dataKeys,
      blobs,
      listCache,
      locales,
      fontsDir: config.fontsDir,
      clock: options.clock,
    }),
  };
}
