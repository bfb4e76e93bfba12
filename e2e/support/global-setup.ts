/**
 * Vitest global setup for the browser suite: the built app served by the bundle (dist/server.mjs,
 * started as `npm start` starts it: support/server.ts) with a fresh data directory. The suite
 * needs `npm run build` first (`npm test` runs it) and Debian's Chromium.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser.ts";
import { startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The suite server's data directory, for the operator's command line (a platform admin). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const web = resolve(import.meta.dirname, "../../dist/web/index.html");
  if (!existsSync(web))
    throw new Error("The web app is not built: run `npm run build` before the browser tests.");
  chromiumPath();
  const server = await startServer();
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
  };
}
