import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from "fastify";
import { z } from "zod";
import type { Access, Operation, OperationTypes } from "../../domain/api/contract.ts";

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request as the operation's schemas left it (validated, defaults and transforms applied). */
export type OperationRequest<T extends OperationTypes> = Omit<FastifyRequest, "params" | "query" | "body"> & {
  params: Output<T["params"]>;
  query: Output<T["query"]>;
  body: Output<T["body"]>;
};

/**
 * What a handler answers: the declared body (which the serializer checks and encodes), or the
 * reply it sent itself (a list sent as kept JSON, a 204).
 */
export type OperationHandler<T extends OperationTypes> = (
  request: OperationRequest<T>,
  reply: FastifyReply,
) => Promise<z.output<T["response"]> | FastifyReply>;

export type OperationOptions<T extends OperationTypes> = {
  /** Path parameters fixed at registration: one route per value (a record category), each its own. */
  fixed?: Readonly<Record<string, string>>;
  /** Schemas this route narrows (a record category's own body). */
  types?: { [K in Exclude<keyof T, "errors">]?: z.ZodType };
  /** The route's other settings (rate limits, what a write changes); its access is the operation's. */
  config?: Omit<FastifyContextConfig, "access">;
  bodyLimit?: number;
  preValidation?: preValidationHookHandler;
  preHandler?: preHandlerHookHandler;
  onSend?: onSendHookHandler;
};

/** A redirect's answer as the OpenAPI document shows it: where to is the Location header's. */
const REDIRECT = z.null().describe("a redirect: the Location header names where the browser goes; no body");

/**
 * The route's answers by status class (`2xx`, `3xx`): the success's schema (under its media type
 * when it is not JSON) and, when the operation may redirect, the redirect's. Fastify keeps each
 * route's serializers in an object keyed as these are, and a numeric key such as `200` would make
 * V8 back that object with an array as long as the number; the OpenAPI document shows the
 * operation's own status instead (api-docs.ts reads the schema's `successStatus`).
 */
function answersOf(operation: Operation, response: z.ZodType): Record<string, unknown> {
  const success =
    operation.produces === undefined ? response : { content: { [operation.produces]: { schema: response } } };
  return {
    [statusClass(operation.status)]: operation.status === 302 ? REDIRECT : success,
    ...(operation.redirects === true && operation.status !== 302 ? { [statusClass(302)]: REDIRECT } : {}),
  };
}

/** `2xx` for 200, as Fastify names a class of statuses. */
function statusClass(status: number): string {
  return `${String(status).charAt(0)}xx`;
}

/**
 * The status an answer keyed by answersOf stands for, for the OpenAPI document: the operation's
 * success, or its redirect; an error particular to the operation keeps its own status as its key.
 */
export function documentedStatus(key: string, successStatus: number): string {
  if (key === statusClass(successStatus)) return String(successStatus);
  return key === statusClass(302) ? "302" : key;
}

/**
 * The prefix under which a collaborator works in an owner's file: the owner's route modules are
 * registered again under it (server/modules/collaborators/file-routes.ts), each operation's path
 * without its leading `/api` (`/api/files/:ownerId/records/...`) and its access rule "collaborator".
 */
export const OWNER_FILE_PREFIX = "/api/files/:ownerId";

/**
 * The access rules of what a link opens (a mailed link, an unsubscribe), which a mail scanner may
 * check with HEAD; the app's signed-in calls never ask HEAD, so their GETs get no HEAD twin, each
 * a route held in memory.
 */
const OPENED_BY_LINKS: ReadonlySet<Access> = new Set(["anonymous", "signedLink"]);

/** The owner's id in the path of an owner's file route. */
const ownerParam = { ownerId: z.string().max(100) };

/** Fastify's `:name` path with the fixed parameters written in. */
function routeUrl(path: string, fixed: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (match, name: string) => fixed[name] ?? match);
}

/**
 * Registers one operation of `domain/api` from its contract: its method, path and access rule,
 * and its schemas for validation, for the answer and for the OpenAPI document.
 */
export function registerOperation<T extends OperationTypes>(
  app: FastifyInstance,
  operation: Operation<T>,
  types: T,
  handler: OperationHandler<T>,
  options: OperationOptions<T> = {},
): void {
  const schemas = { ...types, ...options.types };
  const fixed = options.fixed ?? {};
  const inOwnersFile = app.prefix === OWNER_FILE_PREFIX;
  const ownParams =
    schemas.params === undefined || Object.keys(fixed).length === 0
      ? schemas.params
      : (schemas.params as unknown as z.ZodObject).omit(
          Object.fromEntries(Object.keys(fixed).map((name) => [name, true])) as never,
        );
  const params = !inOwnersFile
    ? ownParams
    : ownParams === undefined
      ? z.object(ownerParam)
      : (ownParams as unknown as z.ZodObject).extend(ownerParam);
  const url = routeUrl(operation.path, fixed);
  const access: Access = inOwnersFile ? "collaborator" : operation.access;
  app.route({
    method: operation.method,
    url: inOwnersFile ? url.replace(/^\/api/, "") : url,
    exposeHeadRoute: OPENED_BY_LINKS.has(access),
    config: { ...options.config, access, ...(inOwnersFile ? { ownerAccess: operation.access } : {}) },
    schema: {
      ...(params === undefined || Object.keys((params as z.ZodObject).shape ?? {}).length === 0
        ? {}
        : { params }),
      ...(schemas.query === undefined ? {} : { querystring: schemas.query }),
      ...(schemas.body === undefined ? {} : { body: schemas.body }),
      ...(schemas.headers === undefined ? {} : { headers: schemas.headers }),
      response: { ...schemas.errors, ...answersOf(operation, schemas.response) },
      // Read by the OpenAPI document only (api-docs.ts): the success's own status, and the
      // headers it answers, which Fastify does not check.
      successStatus: operation.status,
      ...(schemas.responseHeaders === undefined ? {} : { responseHeaders: schemas.responseHeaders }),
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.preValidation === undefined ? {} : { preValidation: options.preValidation }),
    ...(options.preHandler === undefined ? {} : { preHandler: options.preHandler }),
    ...(options.onSend === undefined ? {} : { onSend: options.onSend }),
    handler: (request, reply) => {
      // The handler reads the fixed parameters as if the path had carried them.
      if (Object.keys(fixed).length > 0) request.params = { ...(request.params as object), ...fixed };
      return handler(request as unknown as OperationRequest<T>, reply);
    },
  });
}
