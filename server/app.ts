import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { type Identity, installAccessControl, NO_IDENTITY } from "./auth/access.ts";
import type { AuthServices } from "./auth/better-auth.ts";
import { createFreshPassword } from "./auth/fresh-password.ts";
import { authOptionsRoutes } from "./auth/options-route.ts";
import { authRoutes } from "./auth/routes.ts";
import { sessionCookieName } from "./auth/session-cookie.ts";
import type { Config } from "./config.ts";
import { createDataKeys, forgetDataKey } from "./crypto/data-keys.ts";
import { loadMasterKeyring, type MasterKeyring } from "./crypto/master-keys.ts";
import type { Database } from "./db/database.ts";
import type { DB } from "./db/schema.ts";
import { frameworkErrors, installErrorHandling } from "./errors/error-handler.ts";
import { openFileChanges } from "./file/changes.ts";
import { FILE_KINDS } from "./file/kinds.ts";
import { apiDocsRoutes, collectApiDescription } from "./http/api-docs.ts";
import { COMPRESS_PLUGIN_OPTIONS } from "./http/compression.ts";
import { healthRoutes } from "./http/health.ts";
import { localeRoutes } from "./http/locales.ts";
import { loggerOptions, requestId, requestLogging } from "./http/logging.ts";
import { refuseNulCharacters } from "./http/nul-characters.ts";
import { OWNER_FILE_PREFIX } from "./http/operations.ts";
import { databaseRateLimitStore } from "./http/rate-limit-store.ts";
import { refuseCrossSiteWrites } from "./http/same-site.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { webRoutes } from "./http/web.ts";
import { loadLocaleStore } from "./i18n/locale-store.ts";
import type { JobQueue } from "./jobs/runner.ts";
import type { MailOutbox } from "./mail/outbox.ts";
import { type AccountEraser, createAccountEraser } from "./modules/account/account-deletion.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { activityRoutes, forgetActivity } from "./modules/activity/routes.ts";
import { addressRoutes } from "./modules/addresses/routes.ts";
import { createBillingAdmin } from "./modules/admin/billing-admin.ts";
import { adminRoutes, forgetAccountComments } from "./modules/admin/routes.ts";
import { createUserAdmin } from "./modules/admin/users.ts";
import { createBinderMaker } from "./modules/binder/binder-maker.ts";
import { binderRoutes } from "./modules/binder/routes.ts";
import { collaboratorWritesAudit } from "./modules/collaborators/file-audit.ts";
import { collaboratorFileRoutes } from "./modules/collaborators/file-routes.ts";
import { collaboratorRoutes, forgetCollaborators } from "./modules/collaborators/routes.ts";
import { commentRoutes } from "./modules/comments/routes.ts";
import { companyRoutes, forgetCompanyMembership } from "./modules/companies/routes.ts";
import { type CompanyJobs, createCompanyService } from "./modules/companies/service.ts";
import { documentReader } from "./modules/documents/reader.ts";
import { attachedDocumentsLinker } from "./modules/documents/record-links.ts";
import { documentRoutes } from "./modules/documents/routes.ts";
import { forgetNotApplicable, homeRoutes } from "./modules/home/routes.ts";
import { institutionReader } from "./modules/institutions/reader.ts";
import { institutionRoutes } from "./modules/institutions/routes.ts";
import { listExportRoutes } from "./modules/list-export/routes.ts";
import { personReader } from "./modules/persons/reader.ts";
import { personRoutes } from "./modules/persons/routes.ts";
import { forgetImportRun } from "./modules/portability/import-lock.ts";
import { portabilityRoutes } from "./modules/portability/routes.ts";
import { createListAnswers } from "./modules/records/list-answers.ts";
import { createListCache } from "./modules/records/list-cache.ts";
import { recordReader } from "./modules/records/reader.ts";
import { recordRoutes } from "./modules/records/routes.ts";
import { recordSearchDoc } from "./modules/records/search-source.ts";
import { reminderRoutes } from "./modules/reminders/routes.ts";
import { type ReminderJobs, reminderScheduler } from "./modules/reminders/schedule.ts";
import { createSearchIndexer } from "./modules/search/indexer.ts";
import { categoryLabels } from "./modules/search/labels.ts";
import { forgetSearchTerms, searchRoutes } from "./modules/search/routes.ts";
import { createSearch } from "./modules/search/search.ts";
import { searchSources } from "./modules/search/sources.ts";
import { createApprovalLinks } from "./modules/sharing/approval-links.ts";
import { forgetSharing } from "./modules/sharing/forget-account.ts";
import { documentVisibility } from "./modules/sharing/index.ts";
import { sharingRoutes } from "./modules/sharing/routes.ts";
import type { SharingJobs } from "./modules/sharing/schedule.ts";
import { createBilling } from "./modules/subscriptions/billing.ts";
import { forgetBilling } from "./modules/subscriptions/forget-account.ts";
import type { BillingJobs } from "./modules/subscriptions/renewal.ts";
import { subscriptionRoutes } from "./modules/subscriptions/routes.ts";
import { unsubscribeRoutes } from "./modules/unsubscribe/routes.ts";
import { createUnsubscribeLinks } from "./modules/unsubscribe/unsubscribe-links.ts";
import { openBlobStore } from "./storage/open-blob-store.ts";

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** false for silence (tests), an object for pino options; by default the config's log level. */
  logger?: boolean | object;
  /**
   * Accounts and sessions (server/auth/better-auth.ts createAuth): mounts /api/auth/* and the account
   * API, and resolves request.actor from the session cookie. Without it every caller is anonymous.
   */
  auth?: AuthServices;
  /** Overrides how requests prove who they are (tests of other modules pass a stand-in). */
  identity?: Identity;
  /** The master keys wrapping each account's data key; by default KINFILE_MASTER_KEY or DATA_DIR/master-key. */
  masterKeys?: MasterKeyring;
  /** Where saved records schedule their expiry reminder mail; without it none is scheduled. */
  reminderJobs?: JobQueue<ReminderJobs>;
  /**
   * Where the nominee lifecycle writes its mail and schedules its jobs (server/modules/sharing);
   * with auth, it mounts Shared by me and Shared with me. Without it only the shared reads are.
   */
  sharing?: { mail: MailOutbox; jobs: JobQueue<SharingJobs> };
  /**
   * Where subscriptions write their mails and schedule renewal reminders; with auth, it mounts
   * `/api/sbs/*`, the donation calls and the admin billing calls (server/modules/subscriptions).
   */
  billing?: { mail: MailOutbox; jobs: JobQueue<BillingJobs & CompanyJobs> };
  /** Epoch ms: the one clock of every time-dependent answer and job (reminders, sharing); tests move it. */
  clock: () => number;
  /**
   * How this app deletes an account; the app adds every module's part as it mounts it. main.ts
   * passes the one its purge job uses; by default a new one.
   */
  eraser?: AccountEraser;
};

/** Fastify's trustProxy for TRUST_PROXY: the first `hops` proxies, or those at the addresses given. */
function trustedProxies(setting: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, clock } = options;
  const locales = await loadLocaleStore(config.localesDir);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: requestId,
    ...requestLogging(),
    frameworkErrors: frameworkErrors(locales),
    // Behind a reverse proxy (several app servers): request.ip is the client X-Forwarded-For names.
    ...(config.trustProxy === undefined ? {} : { trustProxy: trustedProxies(config.trustProxy) }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks that run on every request take a callback rather than being async: a promise per hook
  // per request is a measurable part of a cached list's cost.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  // Once closing, answer the requests still running with Connection: close, or their keep-alive
  // sockets would hold the shutdown open until they time out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  // Headers first, so that responses refused by the access rules carry them too.
  await securityHeaders(app, { publicUrl: config.publicUrl, billing: config.billing.mode });
  // Before the access rules, so that a forged write learns nothing about what exists.
  refuseCrossSiteWrites(app, { publicUrl: config.publicUrl });
  installAccessControl(app, options.identity ?? options.auth?.sessions.identity ?? NO_IDENTITY);
  installErrorHandling(app, locales);
  // Before any route: the OpenAPI document is collected as routes are registered.
  await collectApiDescription(app, {
    sessionCookie: sessionCookieName(new URL(config.publicUrl).protocol === "https:"),
  });
  refuseNulCharacters(app);
  // Off by default; sign-in and other abuse-prone routes opt in with config.rateLimit. Counted in
  // the database, so that several app servers allow the same attempts as one.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // Answers above 1 KB go compressed to browsers that accept it (the web app's files have
  // build-time copies instead: server/http/web.ts), as http/compression.ts says.
  await app.register(compress, COMPRESS_PLUGIN_OPTIONS);

  const eraser = options.eraser ?? createAccountEraser();
  // Every write to an owner's file is published here, whoever makes it (server/file/changes.ts):
  // the auth's bus, which main.ts also gives its jobs; closed with the app.
  const changes = options.auth?.changes ?? openFileChanges(database, app.log);
  app.addHook("onClose", () => changes.close());
  // Lists of records keep their columns here: one cache for this app, the owner's and the nominees' reads.
  const listCache = createListCache();
  // The owner's lists kept whole, following the bus: this server's writes and the other servers'.
  const listAnswers = createListAnswers(
    database.othersWrote === undefined ? {} : { othersWrote: database.othersWrote },
  );
  changes.committed(listAnswers.subscriber);

  // The password asked again before secrets leave: the account's route confirms, exports require it.
  const freshPassword = options.auth === undefined ? undefined : createFreshPassword(options.auth);

  await app.register(healthRoutes, { database });
  await app.register(apiDocsRoutes);
  await app.register(localeRoutes, { locales });
  if (options.auth !== undefined && freshPassword !== undefined) {
    // This server hears the sessions the others (and the CLI) end; until it does, it trusts no cache.
    const { sessions } = options.auth;
    sessions.listen();
    app.addHook("onClose", () => sessions.close());
    await app.register(authRoutes, { services: options.auth, locales });
    await app.register(accountRoutes, { services: options.auth, eraser, freshPassword });
    await app.register(unsubscribeRoutes, { services: options.auth });
  }
  await app.register(authOptionsRoutes, { config });
  const dataKeys = createDataKeys({
    db: database.db,
    masterKeys:
      options.masterKeys ??
      loadMasterKeyring({ config, logger: { warn: (message) => app.log.warn(message) } }),
  });
  // In each write's transaction, in this order: documents' links, the search index (of every
  // kind it finds, server/modules/search), reminders.
  const sources = searchSources(database.db, dataKeys);
  const searchIndex = createSearchIndexer({ db: database.db, dataKeys, sources: searchSources });
  changes.inTransaction(attachedDocumentsLinker(changes));
  changes.inTransaction(searchIndex.subscriber(recordSearchDoc));
  if (options.reminderJobs !== undefined) {
    changes.inTransaction(reminderScheduler({ jobs: options.reminderJobs, clock }));
  }
  // A collaborator's writes go into the owner's activity log with them (collaborators/file-audit.ts).
  changes.inTransaction(collaboratorWritesAudit);
  const blobs = openBlobStore({ config, database, dataKeys });
  // The owner's file: their own, and again under /api/files/{ownerId} for their collaborators.
  const records = recordReader({ db: database.db, dataKeys, listCache });
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
      visibility: (file) => documentVisibility(records, file),
    });
    await scope.register(recordRoutes, { database, dataKeys, listCache, listAnswers, changes });
    await scope.register(reminderRoutes, { database, dataKeys, clock });
    await scope.register(commentRoutes, { database, dataKeys });
    await scope.register(homeRoutes, { database, dataKeys, listCache, clock });
  };
  await fileRoutes(app);
  await app.register(collaboratorFileRoutes, {
    prefix: OWNER_FILE_PREFIX,
    database,
    dataKeys,
    records,
    billing: config.billing.mode,
    clock,
    register: fileRoutes,
  });
  await app.register(listExportRoutes, { database, dataKeys, listCache, locales });
  await app.register(activityRoutes, { database });
  // The emergency binder (server/modules/binder): the owner's here, a nominee's among the shared reads.
  const binder = createBinderMaker({
    db: database.db,
    dataKeys,
    blobs,
    listCache,
    locales,
    fontsDir: config.fontsDir,
    clock,
  });
  await app.register(binderRoutes, {
    maker: binder,
    db: database.db,
    ...(freshPassword === undefined ? {} : { freshPassword }),
    clock,
  });
  await app.register(sharingRoutes, {
    database,
    dataKeys,
    blobs,
    listCache,
    listAnswers,
    binder,
    clock,
    ...(options.sharing === undefined || options.auth === undefined
      ? {}
      : {
          lifecycle: {
            outbox: options.sharing.mail,
            jobs: options.sharing.jobs,
            links: createApprovalLinks({ publicUrl: config.publicUrl, secret: options.auth.secret }),
            unsubscribe: createUnsubscribeLinks({ publicUrl: config.publicUrl, secret: options.auth.secret }),
            publicUrl: config.publicUrl,
          },
        }),
  });
  if (options.sharing !== undefined && options.auth !== undefined) {
    await app.register(collaboratorRoutes, {
      database,
      mail: options.sharing.mail,
      publicUrl: config.publicUrl,
      clock,
    });
  }
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
  // What deleting an account removes, module by module, before its identity rows; the whole file's
  // deletion is published first (the list answers drop the account's lists once it commits).
  for (const hook of [
    (userId: string, trx: Kysely<DB>) =>
      changes.publish(trx, { kind: "file", operation: "deleted", ownerId: userId, id: userId }),
    forgetDataKey,
    forgetActivity,
    ...FILE_KINDS.map((kind) => kind.forget({ blobs, listCache })),
    forgetSharing,
    forgetCollaborators,
    forgetSearchTerms,
    forgetImportRun,
    forgetNotApplicable,
  ])
    eraser.add(hook);
  if (options.billing !== undefined && options.auth !== undefined) {
    const { sessions } = options.auth;
    const billing = await createBilling({
      config,
      database,
      mail: options.billing.mail,
      jobs: options.billing.jobs,
      forgetSessions: (userId) => sessions.forgetUser(userId),
      clock,
    });
    await app.register(subscriptionRoutes, {
      database,
      service: billing.service,
      portal: billing.portal,
      webhook: billing.webhook,
    });
    await app.register(adminRoutes, {
      billingAdmin: createBillingAdmin({ database, stripe: billing.stripe, clock }),
      userAdmin: createUserAdmin({ services: options.auth, billing: config.billing.mode, clock, eraser }),
      database,
      billing: config.billing.mode,
      clock,
    });
    await app.register(companyRoutes, {
      service: createCompanyService({
        database,
        billing: config.billing.mode,
        entitlements: billing.entitlements,
        seatPlan: billing.service,
        mail: options.billing.mail,
        jobs: options.billing.jobs,
        publicUrl: config.publicUrl,
        clock,
        translate: (lng, key, params) => locales.translate(lng, key, params),
      }),
    });
    // Cancels the account's Stripe subscriptions; admins' comments on it; its company seat.
    for (const hook of [forgetBilling(billing.stripe), forgetAccountComments, forgetCompanyMembership])
      eraser.add(hook);
  }
  // Mail kept as files is readable in the browser while developing and testing, never in production.
  // Imported only then, so production never loads the mail parser.
  if (config.nodeEnv !== "production") {
    const { devMailboxRoutes } = await import("./mail/dev-mailbox.ts");
    await app.register(devMailboxRoutes, { dataDir: config.dataDir });
  }
  await app.register(searchRoutes, {
    search: createSearch({
      db: database.db,
      dataKeys,
      sources,
      labels: categoryLabels(locales),
      indexer: searchIndex,
      scopeReaders: {
        records,
        persons: personReader(database.db, dataKeys),
        institutions: institutionReader(database.db),
        documents: documentReader(database.db, dataKeys),
      },
      clock,
    }),
  });
  await app.register(webRoutes, { webDir: config.webDir, locales });
  return app;
}
