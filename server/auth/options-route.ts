import type { FastifyInstance } from "fastify";
import { authOptionsApi } from "../../domain/api/authOptions.ts";
import { authOptionsTypes } from "../../domain/api/authOptions.types.ts";
import type { Config } from "../config.ts";
import { registerOperation } from "../http/operations.ts";

/** What the login page offers: the provider button only when OIDC is configured. */
export async function authOptionsRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const body = { oidc: options.config.oidc !== undefined, passkey: true, registration: true };
  registerOperation(app, authOptionsApi.options, authOptionsTypes.options, async () => body);
}
