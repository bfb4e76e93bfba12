import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ACCESS_RULES, type Access } from "../../domain/api/contract.ts";
import type { Language } from "../../domain/catalog/languages.ts";
import type { CollaboratorRights, CollaboratorScope } from "../../domain/schemas/collaborator.ts";
import { AppError } from "../errors/app-error.ts";
import { mayAnswerUndeclared } from "../http/undeclared-answers.ts";
import { requireFullFile } from "./permissions.ts";

/*
 * Who may call a route: every route states one of domain/api/contract.ts's ACCESS_RULES in
 * `config.access`; the app refuses to start when a route has none, and one hook enforces them all.
 * Nor does it start with an API route that declares no schema for its success (domain/api).
 */

/** subscriber: an active subscription; b2b: a member of a company account; platformAdmin: runs the platform. */
export type Role = "subscriber" | "b2b" | "companyAdmin" | "platformAdmin";

/** The signed-in account a request acts for. */
export type Actor = {
  userId: string;
  roles: readonly Role[];
  /** The account's language, which wins over the browser's for messages. */
  language: Language;
  /** The signed-in account's name (the session's), when the request has one. */
  name?: string;
  /** Where this request came from (the audit log's "from where"); set per request. */
  ip?: string;
  /**
   * Who acts, when it is not the file's owner: a collaborator working in `userId`'s file
   * (server/modules/collaborators/file-routes.ts). Audit entries name this account.
   */
  actingUserId?: string;
};

/**
 * How a request proves who it is. The identity issue replaces NO_IDENTITY with a session lookup and
 * a link signature check; routes and policies only ever see `request.actor`.
 */
export type Identity = {
  actor(request: FastifyRequest): Promise<Actor | null>;
  signedLinkIsValid(request: FastifyRequest): Promise<boolean>;
};

export const NO_IDENTITY: Identity = {
  actor: async () => null,
  signedLinkIsValid: async () => false,
};

/** `answer`: whether the route declares the schema of its success's body (or its redirect). */
export type RouteAccess = { method: string; url: string; access: Access; answer: boolean };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * On a route of an owner's file (access "collaborator"): the rule the owner's own route states,
     * which the owner's roles must meet as the owner's would (server/modules/collaborators).
     */
    ownerAccess?: Access;
  }
  interface FastifyInstance {
    /** Every route registered so far with its access rule, for review and for the test that walks them. */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    /** The signed-in account, set before the handler runs on every route that needs one. */
    actor: Actor | null;
    /**
     * The owner whose file a collaborator works in (`/api/files/{ownerId}/...`), the owner's own
     * roles and the collaboration's scope and rights, once it allows the call; null on every other route.
     */
    fileOwner: {
      userId: string;
      roles: readonly Role[];
      scope: CollaboratorScope;
      rights: CollaboratorRights;
    } | null;
  }
}

function isAccess(value: unknown): value is Access {
  return typeof value === "string" && (ACCESS_RULES as readonly string[]).includes(value);
}

/** The role each admin rule needs. */
const ADMIN_ROLES: Partial<Record<Access, Role>> = {
  companyAdmin: "companyAdmin",
  platformAdmin: "platformAdmin",
};

function describeRoute(route: RouteOptions): string {
  return `${[route.method].flat().join(",")} ${route.url}`;
}

/**
 * Installs the access rules on the root instance, before any route is registered. Enforcement runs
 * on request, ahead of body parsing and validation, so an anonymous caller learns nothing about a
 * protected route's schema and cannot make the server read a large body.
 */
export function installAccessControl(app: FastifyInstance, identity: Identity): void {
  app.decorateRequest("actor", null);
  app.decorateRequest("fileOwner", null);
  app.decorate("routeAccess", []);

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(
        `route ${describeRoute(route)} declares no access rule: add config: { access: ${ACCESS_RULES.map((rule) => `"${rule}"`).join(" | ")} }`,
      );
    }
    const answer = Object.keys((route.schema?.response as object | undefined) ?? {}).some(
      (status) => status.startsWith("2") || status.startsWith("3"),
    );
    for (const method of [route.method].flat()) {
      if (!answer && !mayAnswerUndeclared(method, route.url)) {
        throw new Error(
          `route ${method} ${route.url} declares no answer: declare it in domain/api and register it with registerOperation`,
        );
      }
      app.routeAccess.push({ method, url: route.url, access, answer });
    }
  });

  app.addHook("onRequest", async (request) => {
    // Only the not-found handler runs without a route of its own; it has nothing to protect.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === "anonymous") return;
    if (access === "signedLink") {
      if (!(await identity.signedLinkIsValid(request))) {
        throw new AppError("unauthenticated", { message: "signed_link_invalid" });
      }
      return;
    }
    // The admin area and a company's calls do not exist for anyone but their admins: not even
    // their refusals tell.
    const adminRole = access === undefined ? undefined : ADMIN_ROLES[access];
    const actor = await identity.actor(request);
    if (actor === null) throw new AppError(adminRole === undefined ? "unauthenticated" : "not_found");
    request.actor = { ...actor, ip: request.ip };
    if (access === "subscriber") requireFullFile(actor);
    if (adminRole !== undefined && !actor.roles.includes(adminRole)) throw new AppError("not_found");
  });
}
