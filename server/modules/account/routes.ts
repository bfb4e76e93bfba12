import type { FastifyInstance, FastifyRequest } from "fastify";
import { accountApi } from "../../../domain/api/account.ts";
import { accountTypes } from "../../../domain/api/account.types.ts";
import type { Actor } from "../../auth/access.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import type { FreshPassword } from "../../auth/fresh-password.ts";
import { AppError } from "../../errors/app-error.ts";
import { registerOperation } from "../../http/operations.ts";
import type { AccountEraser } from "./account-deletion.ts";
import { createAccountService } from "./service.ts";

function actorOf(request: Pick<FastifyRequest, "actor">): Actor {
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

  async function sessionOf(request: FastifyRequest, fresh = false) {
    const session = await sessions.sessionOf(request, { fresh });
    if (session === null) throw new AppError("unauthenticated");
    return session;
  }

  registerOperation(app, accountApi.account, accountTypes.account, async (request) =>
    service.account(actorOf(request)),
  );

  registerOperation(app, accountApi.save, accountTypes.save, async (request) =>
    service.save(actorOf(request), request.body),
  );

  registerOperation(app, accountApi.splash, accountTypes.splash, async (request) =>
    service.update(actorOf(request), { showSplashScreen: request.query.show }),
  );

  registerOperation(app, accountApi.splashMobile, accountTypes.splashMobile, async (request) =>
    service.update(actorOf(request), { showMobileSplashScreen: request.query.show }),
  );

  registerOperation(app, accountApi.session, accountTypes.session, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const session = await sessionOf(request as FastifyRequest);
    return { expiresAt: session.expiresAt, now: Date.now() };
  });

  registerOperation(app, accountApi.extendSession, accountTypes.extendSession, async (request, reply) => {
    const session = await sessionOf(request as FastifyRequest, true);
    const { expiresAt, cookie } = await service.extendSession(session, Date.now());
    reply.header("set-cookie", cookie).header("cache-control", "no-store");
    return { expiresAt };
  });

  registerOperation(
    app,
    accountApi.confirmPassword,
    accountTypes.confirmPassword,
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return options.freshPassword.confirm(request as FastifyRequest, request.body.password);
    },
    {
      config: {
        rateLimit: {
          max: services.config.authRateLimit.max,
          timeWindow: services.config.authRateLimit.windowMs,
        },
      },
    },
  );

  registerOperation(app, accountApi.signOutUrl, accountTypes.signOutUrl, async (request) => ({
    url: await service.signOutUrl(actorOf(request)),
  }));

  registerOperation(app, accountApi.events, accountTypes.events, async (request) =>
    events.list(actorOf(request).userId, request.query),
  );

  registerOperation(app, accountApi.deleteAccount, accountTypes.deleteAccount, async (request, reply) => {
    const session = await sessionOf(request as FastifyRequest, true);
    const { cookie } = await service.deleteAccount(session, request.body);
    return reply.header("set-cookie", cookie).code(204).send();
  });
}
