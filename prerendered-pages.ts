/**
 * The pages the build draws into their HTML (prerender.config.ts) and server/http/web.ts sends
 * drawn: kept apart from both so the server's bundle takes neither Vite nor the app.
 */
import type { Language } from "./domain/catalog/languages.ts";

/** The address, and the source (as in Vite's manifest) of the screen its route loads. */
export const PRERENDERED_PAGES = [{ path: "/login", screen: "features/login/LoginPage.tsx" }] as const;

/** Where, under the web build, a page is written: one file per language. */
export function prerenderedFile(path: string, language: Language): string {
  return `prerendered/${path.replace(/^\//, "")}.${language}.html`;
}
