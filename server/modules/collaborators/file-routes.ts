import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { actorOf } from "../../auth/ownership.ts";
import { requireFullFile } from "../../auth/permissions.ts";
import { accountRoles } from "../../auth/roles.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { OWNER_FILE_PREFIX } from "../../http/operations.ts";
import { recordActivity } from "../activity/index.ts";
import type { BinderMaker } from "../binder/index.ts";
import { asCollaboratorCall } from "./file-audit.ts";
import { collaboratorBinderRoute } from "./file-binder.ts";
import { asksForSecrets, scopeOpens, takenOut } from "./file-scope.ts";
import { collaboratorRepository } from "./repository.ts";
import { scopeOf } from "./scope.ts";

/** The route's path after `/api/files/:ownerId`. */
function routeIn(request: FastifyRequest): string {
  return request.routeOptions.url?.slice(OWNER_FILE_PREFIX.length) ?? "";
}

/**
 * A collaborator's work in an owner's file: `register` mounts the owner's own route modules again
 * in this context, under `/api/files/:ownerId` with the access rule "collaborator"
 * (server/http/operations.ts). Every call reads the accepted collaboration afresh, so an ended one
 * or a narrowed scope holds from the next request on every server: none, or outside the scope,
 * answers 404 (as a file that does not exist); secrets need the scope's `secrets`; `view` rights
 * get 403 on writes. The owner's own roles, read afresh, then meet the owner's route's rule as the
 * owner's would (a lapsed owner's records refuse with 403). The handlers act on the owner's file
 * (`request.fileOwner`, which `actorOf` reads) while `request.actor` stays the collaborator.
 */
export async function collaboratorFileRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    billing: BillingMode;
    clock: () => number;
    register: (app: FastifyInstance) => Promise<void>;
    /** The binder of the scope (file-binder.ts), and the password asked again before its secrets. */
    binder: { maker: BinderMaker; freshPassword: FreshPassword | undefined };
  },
): Promise<void> {
  const collaborators = collaboratorRepository(options.database.db);

  app.addHook("onRequest", async (request) => {
    if (request.is404 || request.actor === null) return;
    const { ownerId } = request.params as { ownerId?: string };
    const collaboration =
      ownerId === undefined
        ? undefined
        : await collaborators.findAccepted(ownerId, request.actor.userId, options.clock());
    if (ownerId === undefined || collaboration === undefined) throw new AppError("not_found");
    const scope = scopeOf(collaboration);
    const route = routeIn(request);
    if (!scopeOpens(scope, request.method, route, request.params as Record<string, string>))
      throw new AppError("not_found");
    if (!scope.secrets && asksForSecrets(request.query)) throw new AppError("not_found");
    if (collaboration.rights !== "edit" && request.method !== "GET")
      throw new AppError("forbidden", { message: "errors:collaborators.read_only" });
    const roles = await accountRoles(options.database.db, ownerId, options.billing, options.clock());
    request.fileOwner = { userId: ownerId, roles, scope };
    if (request.routeOptions.config.ownerAccess === "subscriber") requireFullFile(actorOf(request));
  });

  // Writes are logged in their own transaction (file-audit.ts); what leaves the file, here.
  app.addHook("onResponse", async (request, reply) => {
    const kind = request.fileOwner === null || reply.statusCode >= 300 ? null : takenOut(routeIn(request));
    if (kind === null || request.fileOwner === null || request.actor === null) return;
    const params = request.params as Record<string, string | undefined>;
    const route = routeIn(request);
    await recordActivity(options.database.db, [
      {
        ownerId: request.fileOwner.userId,
        actorId: request.actor.userId,
        kind,
        subjectKind: kind === "download" ? "document" : "list",
        subjectId: params.id ?? route,
        category: params.type ?? null,
        field: params.fileName ?? null,
      },
    ]);
  });

  app.addHook("onRoute", (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function collaboratorCall(request, reply) {
      const owner = request.fileOwner;
      if (owner === null || request.actor === null) throw new AppError("not_found");
      return asCollaboratorCall({ ownerId: owner.userId, collaboratorId: request.actor.userId }, () =>
        handler.call(this, request, reply),
      );
    };
  });

  await options.register(app);
  collaboratorBinderRoute(app, {
    database: options.database,
    ...options.binder,
    clock: options.clock,
  });
}
