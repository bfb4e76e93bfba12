/**
 * The pages the build draws into their HTML (prerender.config.ts) and server/http/web.ts sends
 * drawn: kept apart from both so the server's bundle takes neither Vite nor the app.
 */
import type { Language } from "./domain/catalog/languages.ts";

/**
 * The address, and the source (under app/, as in the build manifest) of the entry that takes the
 * page over in the browser: the sign-in page's own island (app/signInIsland.tsx), much lighter
 * than the whole app's entry.
 */
export const PRERENDERED_PAGES = [{ path: "/login", entry: "signInIsland.tsx" }] as const;

/**
 * The build manifest of those entries, under the web build: they are built apart from the app
 * (prerender.config.ts), so that each carries only what its page uses of the libraries it shares
 * with the app (a build puts a library's module in one chunk, with all that any entry uses of it).
 */
export const PRERENDERED_MANIFEST = ".vite/prerendered-manifest.json";

/** Where, under the web build, a page is written: one file per language. */
export function prerenderedFile(path: string, language: Language): string {
  return `prerendered/${path.replace(/^\//, "")}.${language}.html`;
}
