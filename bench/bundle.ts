/**
 * Weighs what each route of the built app makes the browser download: the entry chunk and its
 * static imports, plus the route's lazy chunk and its static imports, JS and CSS apart, each file
 * as the server sends it to a browser that accepts brotli (its build-time .br copy, else the file
 * itself). Reads Vite's build manifest (dist/web/.vite/manifest.json).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

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

/** Bytes on the wire, JS and CSS. */
export type RouteWeight = { route: string; js: number; css: number };

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
  const sent = new Map<string, number>();
  const size = (file: string) => {
    let bytes = sent.get(file);
    if (bytes === undefined) {
      const path = join(webDir, file);
      bytes = statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
      sent.set(file, bytes);
    }
    return bytes;
  };
  return [...routeFiles(manifest)].map(([route, files]) => {
    const list = [...files];
    return {
      route,
      js: list.filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + size(file), 0),
      css: list.filter((file) => file.endsWith(".css")).reduce((sum, file) => sum + size(file), 0),
    };
  });
}
