import type { z } from "zod";

/*
 * One contract per operation: an area's `<area>.ts` names each operation's method, path, access
 * rule and success status (no zod, so the app's typed client loads it with every screen), and its
 * `<area>.types.ts` beside it holds the same operations' zod schemas (params, query, body, answer),
 * which the server validates and answers with and the OpenAPI document shows; the app imports
 * those as types only.
 */

/**
 * Who may call an operation; the server refuses to start with a route that states none:
 * - anonymous: anyone.
 * - signedLink: whoever holds a valid signed link (a nominee approving a share from an email).
 * - user: any signed-in account.
 * - nominee: a signed-in account; the module's policy then checks it is a released nominee of the owner.
 * - subscriber: a signed-in account with the full file (a subscription or a company account).
 * - collaborator: a signed-in account (no subscription needed); the owner's file's routes then check
 *   it holds an accepted collaboration whose scope and rights allow the call.
 * - companyAdmin, platformAdmin: a signed-in account holding that role; to anyone else these
 *   routes answer 404, as if they did not exist.
 */
export const ACCESS_RULES = [
  "anonymous",
  "signedLink",
  "user",
  "nominee",
  "subscriber",
  "collaborator",
  "companyAdmin",
  "platformAdmin",
] as const;

export type Access = (typeof ACCESS_RULES)[number];

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The status of a success: 204 answers no body; 302 is a redirect, its Location and no body. */
export type SuccessStatus = 200 | 201 | 204 | 302;

/** An operation's schemas, as its area's `.types.ts` declares them. */
export type OperationTypes = {
  /** The path's `:name` parameters. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers it reads (a save's If-Match); others pass through untouched. */
  headers?: z.ZodType;
  /** The success's body (`z.null()` for a 204). */
  response: z.ZodType;
  /** Headers the success answers (a record's ETag), for the OpenAPI document. */
  responseHeaders?: z.ZodObject;
  /** Error answers particular to the operation, by status, each in the one error shape (a 409's versions). */
  errors?: Readonly<Record<number, z.ZodType>>;
};

/** An operation as the app and the server share it; `types` is never set, it carries the schemas' types. */
export type Operation<T extends OperationTypes = OperationTypes> = {
  readonly method: Method;
  /** Fastify's form: `/api/records/:module/:category/:id`. */
  readonly path: string;
  readonly access: Access;
  readonly status: SuccessStatus;
  /** The success body's media type when it is not JSON (a PDF), its schema then a binary string. */
  readonly produces?: string;
  /** Besides its success, the operation may redirect the browser (302, Location, no body). */
  readonly redirects?: boolean;
  readonly types?: T;
};

type RouteOf = {
  method: Method;
  path: string;
  access: Access;
  status?: SuccessStatus;
  produces?: string;
  redirects?: boolean;
};

/**
 * An area's operations, one per key of its `.types.ts` (a key missing on either side does not
 * compile); status is 200 unless said.
 */
export function defineOperations<T extends Record<string, OperationTypes>>(): <
  R extends { [K in keyof T]: RouteOf },
>(
  routes: R & Record<Exclude<keyof R, keyof T>, never>,
) => { [K in keyof T]: Operation<T[K]> } {
  return (routes) =>
    Object.fromEntries(
      Object.entries(routes as Record<string, RouteOf>).map(([key, route]) => [
        key,
        { ...route, status: route.status ?? 200 },
      ]),
    ) as never;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the schemas' inputs (before defaults and transforms). */
export type ParamsOf<O> = O extends Operation<infer T> ? Input<T["params"]> : never;
export type QueryOf<O> = O extends Operation<infer T> ? Input<T["query"]> : never;
export type BodyOf<O> = O extends Operation<infer T> ? Input<T["body"]> : never;

/** What the caller receives: the answer as it travels (a 204's is undefined). */
export type AnswerOf<O> =
  O extends Operation<infer T>
    ? T["response"] extends z.ZodNull
      ? undefined
      : z.input<T["response"]>
    : never;

/** The path with its parameters filled in, each encoded. */
export function operationPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
