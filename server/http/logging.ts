import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/** A caller's request id is kept when it is a plain token (a proxy's id), so logs can be joined up. */
const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * pino options: one line per request with its id, method, path and status. Query strings are
 * left out (links carry tokens), headers that hold credentials are redacted, bodies are never logged.
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
        path: request.url.split("?", 1)[0],
        ip: request.ip,
      }),
    },
  };
}
