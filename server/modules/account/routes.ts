import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PasswordConfirmation } from "../../../domain/schemas/account.ts";
import type { Actor } from "../../auth/access.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountEraser } from "./account-deletion.ts";
import {
  accountQuery,
  confirmPasswordBody,
  deleteAccountBody,
  eventsQuery,
  saveAccountBody,
  splashQuery,
} from "./schemas.ts";
import { createAccountService } from "./service.ts";

function actorOf(request: FastifyRequest): Actor {
  // The "user" access rule guarantees an actor before the handler runs.
  if (request.actor === null) throw new AppError("unauthenticated");
  return request.actor;
}

/**
 * The signed-in person's own account: the spec's account calls, the session's expiry for the
 * "prolongate your session" modal, the security log and account deletion. Whose account is always
 * the session's; no route takes an account id.
 */
export async function accountRoutes(
  app: FastifyInstance,
  options: { services: AuthServices; eraser: AccountEraser; freshPassword: FreshPassword },
): Promise<void> {
  const { services } = options;
  const { sessions, events } = services;
  const service = createAccountService(services, options.eraser);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  async function sessionOf(request: FastifyRequest, fresh = false) {
    const session = await sessions.sessionOf(request, { fresh });
    if (session === null) throw new AppError("unauthenticated");
    return session;
  }

  // ?login= is the spec's, and ignored: the session decides whose account this is.
  api.get("/api/account/account", { config: user, schema: { querystring: accountQuery } }, async (request) =>
    service.account(actorOf(request)),
  );

  api.post("/api/account/save", { config: user, schema: { body: saveAccountBody } }, async (request) =>
    service.save(actorOf(request), request.body),
  );

  api.post("/api/account/splash", { config: user, schema: { querystring: splashQuery } }, async (request) =>
    service.update(actorOf(request), { showSplashScreen: request.query.show }),
  );

  api.post(
    "/api/account/splashmobile",
    { config: user, schema: { querystring: splashQuery } },
    async (request) => service.update(actorOf(request), { showMobileSplashScreen: request.query.show }),
  );

  api.get("/api/account/session", { config: user }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const session = await sessionOf(request);
    return { expiresAt: session.expiresAt, now: Date.now() };
  });

  api.post("/api/account/session/extend", { config: user }, async (request, reply) => {
    const session = await sessionOf(request, true);
    const { expiresAt, cookie } = await service.extendSession(session, Date.now());
    reply.header("set-cookie", cookie).header("cache-control", "no-store");
    return { expiresAt };
  });

  // The password asked again before secrets leave (an export with them): rate-limited like sign-in.
  api.post(
    "/api/account/confirm-password",
    {
      config: {
        access: "user",
        rateLimit: {
          max: services.config.authRateLimit.max,
          timeWindow: services.config.authRateLimit.windowMs,
        },
      },
      schema: { body: confirmPasswordBody },
    },
    async (request, reply): Promise<PasswordConfirmation> => {
      reply.header("cache-control", "no-store");
      return options.freshPassword.confirm(request, request.body.password);
    },
  );

  api.get("/api/account/signout-url", { config: user }, async (request) => ({
    url: await service.signOutUrl(actorOf(request)),
  }));

  api.get("/api/account/events", { config: user, schema: { querystring: eventsQuery } }, async (request) =>
    events.list(actorOf(request).userId, request.query),
  );

  api.delete(
    "/api/account",
    { config: user, schema: { body: deleteAccountBody } },
    async (request, reply) => {
      const session = await sessionOf(request, true);
      const { cookie } = await service.deleteAccount(session, request.body);
      return reply.header("set-cookie", cookie).code(204).send();
    },
  );
}
