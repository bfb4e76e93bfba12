/**
 * The pages the build draws into their HTML (prerender-plugin.ts) and server/http/web.ts sends
 * drawn: kept apart from both so the server's bundle takes neither Vite nor the app.
 */
import type { Language } from "../domain/catalog/languages.ts";

/**
 * The address, and the source (under app/, as in the build manifest) of the entry that takes the
 * page over in the browser: the sign-in page's own island (app/signInIsland.tsx), much lighter
 * than the whole app's entry.
 */
export const PRERENDERED_PAGES = [{ path: "/login", entry: "signInIsland.tsx" }] as const;

/**
 * The build manifest of those entries, under the web build: they are built apart from the app
 * (prerender-plugin.ts), so that each carries only what its page uses of the libraries it shares
 * with the app (a build puts a library's module in one chunk, with all that any entry uses of it).
 */
export const PRERENDERED_MANIFEST = ".vite/prerendered-manifest.json";

/** Where, under the web build, a page is written: one file per language. */
export function prerenderedFile(path: string, language: Language): string {
  return `prerendered/${path.replace(/^\//, "")}.${language}.html`;
}

/**
 * The signed-in screens show the reader's own file, so the build cannot draw them as they end up;
 * but their index.html can ask at once for what the first of them runs, which the browser would
 * otherwise find one round trip after another (the start-up script, then the frame's chunks it
 * imports, then the screen's): the session guard's and the signed-in frame's chunks
 * (modulepreload), their styles and their translations (preload). The server sends it to a
 * browser with a session cookie.
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
 * A signed-in screen the build draws as it looks while its data loads, inside the frame
 * (prerender-plugin.ts): the page shows at once, and the app replaces the drawing once it has
 * drawn the screen anew. Its address, its source under app/ (its route's module, as in the build
 * manifest) and the translations it is drawn with beside the frame's.
 */
export type DrawnScreen = { path: string; module: string; namespaces: readonly string[] };

/** The screen a full-access session opens on, after signing in and at "/". */
export const LANDING_SCREEN = {
  path: "/dashboard",
  module: "features/home/HomePage.tsx",
  /** Its own words, its reminders', the categories' names, the binder's and an invitation's. */
  namespaces: ["home", "reminders", "sections", "binder", "company"],
} as const satisfies DrawnScreen;

/**
 * The Personal Network's overview (app/features/personal-network/routes.ts), one of the screens
 * the design's speed budgets name: its tiles and reminders.
 */
export const NETWORK_OVERVIEW = {
  path: "/dashboard/personal-network",
  module: "features/personal-network/PersonalNetworkOverview.tsx",
  namespaces: ["network", "reminders", "sections"],
} as const satisfies DrawnScreen;

/** A record's form (app/features/records/routes.ts): its route's module and translations. */
export const RECORD_FORM = {
  module: "features/records/recordFormRoute.ts",
  /** Its fields, their options and their messages. */
  namespaces: ["records", "sections", "errors", "catalog", "forms", "documents"],
} as const;

/** Where, under the web build, a drawn screen is written: one file per language. */
export function drawnScreenFile(path: string, language: Language): string {
  return `prerendered/screens${path}.${language}.html`;
}

/** Where, under the web build, the signed-in index.html of every other signed-in screen is written. */
export function signedInFile(language: Language): string {
  return `prerendered/signed-in.${language}.html`;
}
