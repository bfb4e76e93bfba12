import { binderRoutes } from "../../modules/binder/routes.ts";
import { collaboratorRoutes } from "../../modules/collaborators/routes.ts";
import { createApprovalLinks } from "../../modules/sharing/approval-links.ts";
import { sharingRoutes } from "../../modules/sharing/routes.ts";
import { createUnsubscribeLinks } from "../../modules/unsubscribe/unsubscribe-links.ts";
import type { ModuleMount } from "../dependencies.ts";

/** The owner's emergency binder here, a nominee's among the shared reads. */
export const mountBinderAndSharing: ModuleMount = async (app, deps) => {
  const { config, database, dataKeys, blobs, listCache, listAnswers, binder, freshPassword, clock } = deps;
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
    ...(deps.sharing === undefined || deps.auth === undefined
      ? {}
      : {
          lifecycle: {
            outbox: deps.sharing.mail,
            jobs: deps.sharing.jobs,
            links: createApprovalLinks({ publicUrl: config.publicUrl, secret: deps.auth.secret }),
            unsubscribe: createUnsubscribeLinks({ publicUrl: config.publicUrl, secret: deps.auth.secret }),
            publicUrl: config.publicUrl,
          },
        }),
  });
};

/** The owner's collaborators, with auth and the sharing mail. */
export const mountCollaborators: ModuleMount = async (app, { sharing, auth, database, config, clock }) => {
  if (sharing === undefined || auth === undefined) return;
  await app.register(collaboratorRoutes, {
    database,
    mail: sharing.mail,
    publicUrl: config.publicUrl,
    clock,
  });
};
