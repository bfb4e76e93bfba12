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

/**
 * The signed-in screens are not drawn (they show the reader's own file), but their index.html can
 * ask at once for what the first of them runs, which the browser would otherwise find one round
 * trip after another (the start-up script, then the frame's chunks it imports, then the screen's):
 * the session guard's and the signed-in frame's chunks (modulepreload), their styles and their
 * translations (preload). The server sends it to a browser with a session cookie.
 */
export const SIGNED_IN_FRAME = {
  /** The addresses under the signed-in frame (app/router.tsx). */
  prefixes: ["/dashboard", "/b2b", "/admin"],
  /** Their sources under app/, as in the build manifest. */
  modules: ["session/guards.tsx", "shell/DashboardLayout.tsx"],
  /** The frame's translations beside the start-up's "common" (its dialogs, a nominee's banner). */
  namespaces: ["account", "sharing"],
} as const;

/**
 * The screen a full-access session opens on, after signing in and at "/": its index.html asks for
 * the screen's chunks and translations too.
 */
export const LANDING_SCREEN = {
  path: "/dashboard/personal-network",
  module: "features/personal-network/PersonalNetworkOverview.tsx",
  /** Its tiles' and reminders' translations. */
  namespaces: ["network", "reminders", "sections"],
} as const;

/** Where, under the web build, the signed-in index.html is written: the landing screen's, or any other's. */
export function signedInFile(screen: "landing" | "other", language: Language): string {
  return `prerendered/signed-in-${screen}.${language}.html`;
}
