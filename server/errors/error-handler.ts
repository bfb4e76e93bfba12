import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { codeOfStatus, ERROR_STATUS, type ErrorBody, type ErrorCode } from "../../domain/errors.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";
import { requestLanguage } from "../i18n/request-language.ts";
import { AppError } from "./app-error.ts";
import { infrastructureCode } from "./infrastructure.ts";
import { type FieldProblem, fieldProblems } from "./validation-fields.ts";

type Problem = {
  code: ErrorCode;
  messageKey?: string;
  params?: Record<string, unknown>;
  fields?: Record<string, FieldProblem>;
  details?: Record<string, unknown>;
};

/** Fastify's own errors whose meaning is more precise than their status. */
const FASTIFY_ERRORS: Record<string, Problem> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "payload_too_large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "bad_request", messageKey: "malformed_json" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "bad_request", messageKey: "malformed_json" },
};

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === "body") return request.body;
  if (context === "querystring") return request.query;
  if (context === "params") return request.params;
  if (context === "headers") return request.headers;
  return undefined;
}

function problemOf(error: unknown, request: FastifyRequest): Problem | undefined {
  if (error instanceof AppError) {
    return {
      code: error.code,
      ...(error.messageKey === undefined ? {} : { messageKey: error.messageKey }),
      params: error.params,
      ...(error.details === undefined ? {} : { details: error.details }),
      ...(error.fields === undefined
        ? {}
        : {
            fields: Object.fromEntries(
              Object.entries(error.fields).map(([name, key]) => [name, { key, params: error.params }]),
            ),
          }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    return {
      code: "validation_failed",
      fields: fieldProblems(error.validation, requestPart(request, context)),
    };
  }
  if (isClientError(error)) {
    return FASTIFY_ERRORS[error.code] ?? { code: codeOfStatus(error.statusCode) };
  }
  return undefined;
}

/** A key written "ns:key" names its namespace; a bare key is one of errors.json's own messages. */
function errorsKey(key: string, group: "messages" | "fields"): string {
  return key.includes(":") ? key : `errors:${group}.${key}`;
}

/** Builds the error body in the request's language and sends it with the code's status. */
function sendError(locales: LocaleStore, request: FastifyRequest, reply: FastifyReply, problem: Problem) {
  const language = requestLanguage(request);
  const params = problem.params ?? {};
  const message =
    problem.messageKey === undefined
      ? locales.translate(language, `errors:codes.${problem.code}`, params)
      : locales.translate(language, errorsKey(problem.messageKey, "messages"), params);
  const body: ErrorBody = { error: { ...problem.details, code: problem.code, message } };
  if (problem.fields !== undefined && Object.keys(problem.fields).length > 0) {
    body.error.fields = Object.fromEntries(
      Object.entries(problem.fields).map(([name, field]) => [
        name,
        locales.translate(language, errorsKey(field.key, "fields"), field.params),
      ]),
    );
  }
  // A refusal that says how long to wait says it in the header clients read (RFC 9110).
  const retryAfter = problem.details?.retryAfterSeconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  return reply.code(ERROR_STATUS[problem.code]).type("application/json; charset=utf-8").send(body);
}

/**
 * Fastify answers a URL it cannot decode ("/api/%") before any route or hook, with its own body,
 * unless the constructor is given this as `frameworkErrors`.
 */
export function frameworkErrors(locales: LocaleStore) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendError(locales, request, reply, { code: "bad_request", messageKey: "malformed_url" });
}

function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
}

/**
 * One error handler for the whole app: AppError, request validation, Fastify's own client errors,
 * the server's own troubles (a full disk, an unreadable stored copy, the database away: see
 * infrastructure.ts) and anything unexpected, which answers a generic 500 and keeps the detail in
 * the log.
 * Unknown /api paths answer the JSON 404; other unknown paths (a missing asset) a plain one.
 */
export function installErrorHandling(app: FastifyInstance, locales: LocaleStore): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = problemOf(error, request);
    const infrastructure = problem === undefined ? infrastructureCode(error) : undefined;
    if (infrastructure !== undefined) {
      // Serious, and the operator's to fix: logged in full, answered with what the user can do.
      request.log.error({ err: error, code: infrastructure }, "request failed");
      return sendError(locales, request, reply, { code: infrastructure });
    }
    if (problem === undefined || problem.code === "internal_error") {
      request.log.error({ err: error }, "request failed");
      return sendError(locales, request, reply, { code: "internal_error" });
    }
    return sendError(locales, request, reply, problem);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendError(locales, request, reply, { code: "not_found" });
    return reply
      .code(404)
      .type("text/plain; charset=utf-8")
      .send(locales.translate(requestLanguage(request), "errors:codes.not_found"));
  });
}
