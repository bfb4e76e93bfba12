import { apiDocsRoutes } from "../../http/api-docs.ts";
import { healthRoutes } from "../../http/health.ts";
import { localeRoutes } from "../../http/locales.ts";
import type { ModuleMount } from "../dependencies.ts";

/** Health, the OpenAPI document and the translations. */
export const mountHttpRoutes: ModuleMount = async (app, { database, locales }) => {
  await app.register(healthRoutes, { database });
  await app.register(apiDocsRoutes);
  await app.register(localeRoutes, { locales });
};
