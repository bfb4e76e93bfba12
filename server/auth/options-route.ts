import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/** What the login page offers: the provider button only when OIDC is configured. */
export async function authOptionsRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const body = { oidc: options.config.oidc !== undefined, passkey: true, registration: true };
  app.get("/api/auth-options", { config: { access: "anonymous" } }, async () => body);
}
