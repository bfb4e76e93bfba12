/**
 * Vite's build manifest (dist/web/.vite/manifest.json) and what a chunk needs before it runs:
 * read by the build's own plugins (prerender-plugin.ts, pwa-plugin.ts) and by bench/bundle.ts.
 */

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

/** The chunks (manifest keys) a chunk statically imports, recursively, itself first. */
export function staticChunks(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticChunks(manifest, imported, seen);
  return seen;
}

/** Every file a chunk needs before it runs: itself, its CSS, and its static imports, recursively. */
export function closure(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  for (const chunkKey of staticChunks(manifest, key)) {
    const chunk = manifest[chunkKey];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}
