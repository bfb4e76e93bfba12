import { webRoutes } from "../../http/web.ts";
import type { ModuleMount } from "../dependencies.ts";

/**
 * Mail kept as files is readable in the browser while developing and testing, never in production.
 * Imported only then, so production never loads the mail parser.
 */
export const mountDevMailbox: ModuleMount = async (app, { config }) => {
  if (config.nodeEnv === "production") return;
  const { devMailboxRoutes } = await import("../../mail/dev-mailbox.ts");
  await app.register(devMailboxRoutes, { dataDir: config.dataDir });
};

/** The built web app: its pages answer every path no other route matches. */
export const mountWebApp: ModuleMount = async (app, { config, locales }) => {
  await app.register(webRoutes, { webDir: config.webDir, locales });
};
