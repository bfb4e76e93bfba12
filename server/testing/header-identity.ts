import type { FastifyRequest } from "fastify";
import type { Actor, Identity, Role } from "../auth/access.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Requests name their account and roles in headers (`x-user`, `x-roles`): a stand-in for sessions,
 * for tests of who may use what by role (`buildTestApp(dialect, { identity: headerIdentity })`).
 */
export const headerIdentity: Identity = {
  async actor(request: FastifyRequest): Promise<Actor | null> {
    const userId = request.headers["x-user"];
    const roles = request.headers["x-roles"];
    if (typeof userId !== "string" || typeof roles !== "string") return null;
    return { userId, roles: roles.split(",").filter(Boolean) as Role[], language: "en" };
  },
  signedLinkIsValid: async () => false,
};

/** A request as the account `userId` holding `roles` (comma-separated), to an app built with headerIdentity. */
export function sendAs(
  test: TestApp,
  userId: string,
  roles: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  return test.app.inject({
    method,
    url,
    headers: { "x-user": userId, "x-roles": roles },
    ...(payload === undefined ? {} : { payload }),
  });
}
