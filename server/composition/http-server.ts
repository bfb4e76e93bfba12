import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import { frameworkErrors } from "../errors/error-handler.ts";
import { loggerOptions, requestId, requestLogging } from "../http/logging.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";

/** Fastify's trustProxy for TRUST_PROXY: the first `hops` proxies, or those at the addresses given. */
function trustedProxies(setting: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}

/** The Fastify instance with its logging, request ids, zod compilers and graceful close. */
export function createHttpServer(options: {
  config: Config;
  locales: LocaleStore;
  logger: boolean | object | undefined;
}): FastifyInstance {
  const { config, locales } = options;
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
  return app;
}
