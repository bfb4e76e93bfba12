import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors/app-error.ts";

/**
 * The spec's GET /api/account/account, which the app calls first to learn who is signed in. Until
 * accounts exist every caller is anonymous, so the access rule answers 401 and the app goes to
 * /signout, exactly as it will for an expired session.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/account/account", { config: { access: "user" } }, async (request) => {
    // The access rule guarantees an actor; the account's own fields come with the accounts table.
    if (request.actor === null) throw new AppError("unauthenticated");
    return { id: request.actor.userId, roles: request.actor.roles, language: request.actor.language };
  });
}
