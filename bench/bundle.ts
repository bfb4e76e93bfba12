/**
 * Weighs what each route of the built app makes the browser download: the entry chunk and its
 * static imports, plus the route's lazy chunk and its static imports, JS and CSS apart (and for a
 * page the server sends drawn, what that page loads instead: its own entry's), each file
 * as the server sends it to a browser that accepts brotli (its build-time .br copy, else the file
 * itself; Chromium asks for br over http as well), with the gzip figure beside it. Reads Vite's
 * build manifest (dist/web/.vite/manifest.json). `node bench/bundle.ts` runs this part alone.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { PRERENDERED_MANIFEST, PRERENDERED_PAGES } from "../web/prerendered-pages.ts";
import { closure, type Manifest, staticChunks } from "../web/vite-manifest.ts";
import { BUDGETS } from "./budgets.ts";

/** Bytes on the wire, JS and CSS (brotli), and the JS as gzip would send it. */
export type RouteWeight = { route: string; js: number; css: number; jsGzip: number };

/** The entry alone ("entry") and the entry plus each lazily loaded screen, named by its source. */
export function routeFiles(manifest: Manifest): Map<string, Set<string>> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry chunk.");
  const entry = closure(manifest, entryKey);
  const routes = new Map<string, Set<string>>([["entry", entry]]);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    routes.set(chunk.src ?? key, new Set([...entry, ...closure(manifest, key)]));
  }
  return routes;
}

/**
 * Each page the server sends drawn (web/prerendered-pages.ts), named by its address, as what it loads
 * instead of the app: its own entry, alone and with each chunk it loads lazily ("/login + ...").
 */
export function drawnPageFiles(manifest: Manifest): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const page of PRERENDERED_PAGES) {
    if (!manifest[page.entry]?.isEntry) throw new Error(`The build manifest has no entry ${page.entry}.`);
    const own = closure(manifest, page.entry);
    pages.set(page.path, own);
    for (const key of staticChunks(manifest, page.entry)) {
      for (const lazy of manifest[key]?.dynamicImports ?? []) {
        pages.set(
          `${page.path} + ${manifest[lazy]?.src ?? lazy}`,
          new Set([...own, ...closure(manifest, lazy)]),
        );
      }
    }
  }
  return pages;
}

export function weighRoutes(webDir: string): RouteWeight[] {
  const read = (file: string) => JSON.parse(readFileSync(join(webDir, file), "utf8")) as Manifest;
  // Files under the compression threshold have no copy and go as they are.
  const size = (file: string, encoding: ".br" | ".gz") => {
    const path = join(webDir, file);
    return statSync(existsSync(`${path}${encoding}`) ? `${path}${encoding}` : path).size;
  };
  const sum = (files: string[], encoding: ".br" | ".gz") =>
    files.reduce((total, file) => total + size(file, encoding), 0);
  const routes = [...routeFiles(read(".vite/manifest.json")), ...drawnPageFiles(read(PRERENDERED_MANIFEST))];
  return routes.map(([route, files]) => {
    const js = [...files].filter((file) => file.endsWith(".js"));
    const css = [...files].filter((file) => file.endsWith(".css"));
    return { route, js: sum(js, ".br"), css: sum(css, ".br"), jsGzip: sum(js, ".gz") };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The sign-in page's budget for the page as the server sends it (its own entry), which is all a
 * password sign-in loads (it posts through the app's API client), and for its own screens it loads
 * on demand (the two-step code); any route's for the rest, what it loads only for a passkey or a
 * provider included. The app's own sign-in screen (/login in the installed app, or asked for with
 * a query string) starts from the app's entry like any route of the app.
 */
function budgetOf(route: string): number {
  const [page, lazy] = route.split(" + ");
  const signIn = page === "/login" && (lazy === undefined || lazy.startsWith("features/login/"));
  return signIn ? BUDGETS.loginJsBytes : BUDGETS.routeJsBytes;
}

/** The routes, heaviest first, each against its budget. */
export function printBundle(routes: RouteWeight[], check: (ok: boolean, message: string) => string): void {
  console.log("Bundle (as sent to a brotli browser: entry + route chunk and their static imports)");
  for (const route of [...routes].sort((a, b) => b.js - a.js)) {
    const budget = budgetOf(route.route);
    const verdict = check(route.js <= budget, `${route.route}: ${kb(route.js)} JS > ${kb(budget)}`);
    console.log(
      `  ${route.route.padEnd(58)} JS ${kb(route.js).padStart(9)} (gzip ${kb(route.jsGzip).padStart(9)})  CSS ${kb(route.css).padStart(8)}  budget ${kb(budget)} ${verdict}`,
    );
  }
}

/** `node bench/bundle.ts`: this part alone, on the last build. */
if (import.meta.main) {
  let over = false;
  printBundle(weighRoutes(resolve(import.meta.dirname, "../dist/web")), (ok) => {
    over ||= !ok;
    return ok ? "ok" : "OVER BUDGET";
  });
  process.exit(over ? 1 : 0);
}
