import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import type { Config } from "../config.ts";

/** A caller's request id is kept when it is a plain token (a proxy's id), so logs can be joined up. */
const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Words of a route ("reset-password", "passwordvault") and page numbers: nothing secret in them. */
const ROUTE_WORD = /^(?:[a-z]+(?:-[a-z]+)*|\d{1,9})$/;

/** A path segment as logged: ids and route words as they are, anything else (a token, a file name) hidden. */
function loggedSegment(segment: string): string {
  return segment === "" || UUID.test(segment) || ROUTE_WORD.test(segment) ? segment : "[redacted]";
}

/**
 * The path of an API request as the log may keep it. Links put tokens in paths too
 * (/api/auth/reset-password/<token>), and file names are the owner's data: every segment that is not
 * an id or a word of a route is replaced. The web app's own paths and assets are logged as they are.
 */
function loggedPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "";
  if (!path.startsWith("/api/")) return path;
  return path.split("/").map(loggedSegment).join("/");
}

/**
 * pino options: one line per request with its id, method, path and status (OneLinePerRequest). Query strings are
 * left out (links carry tokens), so are secret path segments (loggedPath), headers that hold
 * credentials are redacted, bodies are never logged.
 */
export function loggerOptions(config: Pick<Config, "logLevel" | "nodeEnv">): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    // Readable lines in a developer's terminal; JSON everywhere else, for log collectors.
    ...(config.nodeEnv === "development"
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true },
          },
        }
      : {}),
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: loggedPath(request.url),
        ip: request.ip,
      }),
    },
  };
}

/**
 * The request log's one line per request, written when the answer is sent: its id, method, path,
 * status and time. Fastify writes two by default (one more when the request comes in), which
 * doubles the log's cost for every answer, a cached list's included; a request that never
 * completes is still seen in the errors it raises.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}

/** Fastify's options for one app's request log (see OneLinePerRequest). */
export function requestLogging(): Pick<FastifyServerOptions, "logController"> {
  return { logController: new OneLinePerRequest() };
}
