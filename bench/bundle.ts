/**
 * Weighs what each route of the built app makes the browser download: the entry chunk and its
 * static imports, plus the route's lazy chunk and its static imports, JS and CSS apart, each file
 * as the server sends it to a browser that accepts brotli (its build-time .br copy, else the file
 * itself; Chromium asks for br over http as well), with the gzip figure beside it. Reads Vite's
 * build manifest (dist/web/.vite/manifest.json). `node bench/bundle.ts` runs this part alone.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUDGETS } from "./budgets.ts";

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Bytes on the wire, JS and CSS (brotli), and the JS as gzip would send it. */
export type RouteWeight = { route: string; js: number; css: number; jsGzip: number };

/** Every file a chunk needs before it runs: itself, its CSS, and its static imports, recursively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set<string>([chunk.file, ...(chunk.css ?? [])]);
  for (const imported of chunk.imports ?? []) {
    for (const file of closure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

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

export function weighRoutes(webDir: string): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(webDir, ".vite/manifest.json"), "utf8")) as Manifest;
  // Files under the compression threshold have no copy and go as they are.
  const size = (file: string, encoding: ".br" | ".gz") => {
    const path = join(webDir, file);
    return statSync(existsSync(`${path}${encoding}`) ? `${path}${encoding}` : path).size;
  };
  const sum = (files: string[], encoding: ".br" | ".gz") =>
    files.reduce((total, file) => total + size(file, encoding), 0);
  return [...routeFiles(manifest)].map(([route, files]) => {
    const js = [...files].filter((file) => file.endsWith(".js"));
    const css = [...files].filter((file) => file.endsWith(".css"));
    return { route, js: sum(js, ".br"), css: sum(css, ".br"), jsGzip: sum(js, ".gz") };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The routes, heaviest first, each against its budget (the sign-in screens', or any route's). */
export function printBundle(routes: RouteWeight[], check: (ok: boolean, message: string) => string): void {
  console.log("Bundle (as sent to a brotli browser: entry + route chunk and their static imports)");
  for (const route of [...routes].sort((a, b) => b.js - a.js)) {
    const budget = /login/i.test(route.route) ? BUDGETS.loginJsBytes : BUDGETS.routeJsBytes;
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
