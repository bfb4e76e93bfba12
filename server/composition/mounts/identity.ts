import { authOptionsRoutes } from "../../auth/options-route.ts";
import { authRoutes } from "../../auth/routes.ts";
import { accountRoutes } from "../../modules/account/routes.ts";
import { unsubscribeRoutes } from "../../modules/unsubscribe/routes.ts";
import type { ModuleMount } from "../dependencies.ts";

/** Sign-in, the account and unsubscribing, with auth; the sign-in options always. */
export const mountIdentity: ModuleMount = async (app, deps) => {
  const { auth, freshPassword, eraser, locales, config } = deps;
  if (auth !== undefined && freshPassword !== undefined) {
    // This server hears the sessions the others (and the CLI) end; until it does, it trusts no cache.
    const { sessions } = auth;
    sessions.listen();
    app.addHook("onClose", () => sessions.close());
    await app.register(authRoutes, { services: auth, locales });
    await app.register(accountRoutes, { services: auth, eraser, freshPassword });
    await app.register(unsubscribeRoutes, { services: auth });
  }
  await app.register(authOptionsRoutes, { config });
};
