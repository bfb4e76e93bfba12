import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { actorOf } from "../../auth/ownership.ts";
import { requireFullFile } from "../../auth/permissions.ts";
import { accountRoles } from "../../auth/roles.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import { OWNER_FILE_PREFIX } from "../../http/operations.ts";
import { recordActivity } from "../activity/index.ts";
import type { BinderMaker } from "../binder/index.ts";
import type { RecordReader } from "../records/index.ts";
import { answeredActivity, asCollaboratorCall } from "./file-audit.ts";
import { collaboratorBinderRoute } from "./file-binder.ts";
import { asksForSecrets, scopeOpens } from "./file-scope.ts";
import { fileSubjects, isSubjectRoute } from "./file-subjects.ts";
import { collaboratorRepository } from "./repository.ts";
import { rightsOf, scopeOf } from "./scope.ts";

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
    dataKeys: DataKeys;
    /** The owner's records, read for the subjects a path does not name (file-subjects.ts). */
    records: RecordReader;
    /** What a scope covers of the file (server/file/scope-coverage.ts), for those subjects. */
    scopes: FileScopes;
    billing: BillingMode;
    clock: () => number;
    register: (app: FastifyInstance) => Promise<void>;
    /** The binder of the scope (file-binder.ts), and the password asked again before its secrets. */
    binder: { maker: BinderMaker; freshPassword: FreshPassword | undefined };
  },
): Promise<void> {
  const collaborators = collaboratorRepository(options.database.db);
  const subjectInScope = fileSubjects({
    db: options.database.db,
    dataKeys: options.dataKeys,
    records: options.records,
    scopes: options.scopes,
  });

  // The writes of collaborators with `view` rights, refused once the scope has answered.
  const readOnly = new WeakSet<FastifyRequest>();
  const refuseWrite = () => {
    throw new AppError("forbidden", { message: "errors:collaborators.read_only" });
  };

  app.addHook("onRequest", async (request) => {
    if (request.is404 || request.actor === null) return;
    const { ownerId } = request.params as { ownerId?: string };
    const collaboration =
      ownerId === undefined
        ? undefined
        : await collaborators.findAccepted(ownerId, request.actor.userId, options.clock());
    // The collaborator is told why the file closed: the owner's suspension, not an ended access.
    if (collaboration === "suspended") throw new AppError("not_found", { details: { ownerSuspended: true } });
    if (ownerId === undefined || collaboration === undefined) throw new AppError("not_found");
    const scope = scopeOf(collaboration);
    const rights = rightsOf(collaboration);
    const route = routeIn(request);
    if (!scopeOpens(scope, request.method, route, request.params as Record<string, string>))
      throw new AppError("not_found");
    if (!scope.secrets && asksForSecrets(request.query)) throw new AppError("not_found");
    // HEAD is a GET without its body: a read.
    const writes = request.method !== "GET" && request.method !== "HEAD";
    if (rights !== "edit" && writes) readOnly.add(request);
    // Outside the scope answers 404 before `view` rights answer 403, also once a subject is read.
    if (readOnly.has(request) && !isSubjectRoute(route)) refuseWrite();
    const roles = await accountRoles(options.database.db, ownerId, options.billing, options.clock());
    request.fileOwner = { userId: ownerId, roles, scope, rights };
    if (request.routeOptions.config.ownerAccess === "subscriber") requireFullFile(actorOf(request));
  });

  // Once validated (a save's body read): a subject the path does not name is held to the scope.
  app.addHook("preHandler", async (request) => {
    const route = routeIn(request);
    if (request.fileOwner === null || !isSubjectRoute(route)) return;
    const { userId: ownerId, scope } = request.fileOwner;
    const params = request.params as Record<string, string | undefined>;
    if (!(await subjectInScope({ ownerId, scope }, route, params, request.body)))
      throw new AppError("not_found");
    if (readOnly.has(request)) refuseWrite();
  });

  // Writes on the file's bus are logged in their own transaction (file-audit.ts); the others and
  // what leaves the file, here before the answer is sent, so the log holds them once it arrives.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.fileOwner === null || request.actor === null || reply.statusCode >= 300) return payload;
    const params = request.params as Record<string, string | undefined>;
    const entry = answeredActivity(request.method, routeIn(request), params);
    if (entry === null) return payload;
    await recordActivity(options.database.db, [
      { ownerId: request.fileOwner.userId, actorId: request.actor.userId, ...entry },
    ]);
    return payload;
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
    scopes: options.scopes,
    clock: options.clock,
  });
}
