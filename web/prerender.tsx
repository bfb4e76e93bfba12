/**
 * Pages as HTML, for the server to send before any script has run; the build (prerender-plugin.ts)
 * renders them with this, once per language.
 * - The sign-in page, which its entry (signInIsland.tsx) hydrates. The tree is that entry's own
 *   (SignInIsland); only react-router's static router stands in for the browser's.
 * - Signed-in screens as they look while their data loads, which the app then replaces
 *   (prerenderedPage.ts): the app's own routes and frame, drawn for a full-access account.
 */
import { QueryClient } from "@tanstack/react-query";
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "../app/AppProviders.tsx";
import { SignInIsland } from "../app/features/login/SignInIsland.tsx";
import { BASE_I18N_OPTIONS } from "../app/i18n/i18n.ts";
import { PWA_RESOURCES } from "../app/pwa/bundledStrings.ts";
import { routes } from "../app/router.tsx";
import { accountQueryKey } from "../app/session/accountQuery.ts";
import { LOGIN_PATH } from "../app/session/homeRoute.ts";
import { PageTitleReport } from "../app/shell/usePageTitle.ts";
import type { Language } from "../domain/catalog/languages.ts";
import { DEFAULT_THEME, themeAccountFields } from "../domain/catalog/themes.ts";
import { ROLES } from "../domain/roles.ts";
import type { Account } from "../domain/schemas/account.ts";

// What the build writes around the page (prerender-plugin.ts imports only this module).
export {
  DRAWN_SCREEN_ID,
  PRERENDERED_COLOR_SCHEME,
  startAfterPaintScript,
  UNFIT_STYLE,
  unfitCheckScript,
} from "../app/prerenderedPage.ts";

export type PrerenderedPage = {
  /** What goes inside #root. */
  html: string;
  /** The translation namespaces the page was drawn with and the browser fetches (not the bundled ones). */
  namespaces: string[];
  /** The tab's title, which the page sets once its script runs (usePageTitle). */
  title: string;
};

type ReadNamespace = (language: Language, namespace: string) => ResourceKey;

/** An i18next instance in `language` whose files are read by `readNamespace`, noting each one read. */
async function buildTimeI18n(language: Language, readNamespace: ReadNamespace, fetched: Set<string>) {
  const files: BackendModule = {
    type: "backend",
    init() {},
    read(lng, namespace, callback) {
      fetched.add(namespace);
      callback(null, readNamespace(lng as Language, namespace));
    },
  };
  const i18n = i18next.createInstance();
  await i18n
    .use(files)
    .use(initReactI18next)
    .init({
      ...BASE_I18N_OPTIONS,
      lng: language,
      resources: PWA_RESOURCES,
      partialBundledLanguages: true,
      react: { useSuspense: true },
    });
  return i18n;
}

/**
 * Renders `tree` (given the page's i18n instance) in `language`, waiting for every translation it
 * asks for, as the browser would.
 */
async function drawPage(
  name: string,
  language: Language,
  readNamespace: ReadNamespace,
  tree: (i18n: I18n) => ReactNode,
): Promise<PrerenderedPage> {
  const fetched = new Set<string>();
  const i18n = await buildTimeI18n(language, readNamespace, fetched);
  let title = "";
  const { prelude } = await prerender(
    <PageTitleReport value={(pageTitle) => (title = pageTitle)}>{tree(i18n)}</PageTitleReport>,
    // Each boundary inline, however large: React would move a large one after the rest, revealed by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // Anything but the finished page (a boundary left to the client, React's inline scripts) would
  // be drawn twice or refused by the CSP: better a failed build.
  if (/<script|<!--\$[!?]/.test(html)) throw new Error(`${name} did not render completely on its own`);
  if (!title) throw new Error(`${name} set no title`);
  return { html, namespaces: [...fetched], title };
}

/** Renders `pathname`, which must be the sign-in page, in `language`. */
export async function prerenderPage(
  pathname: string,
  language: Language,
  readNamespace: ReadNamespace,
): Promise<PrerenderedPage> {
  // The island draws the sign-in page alone: any other address there is a full page load.
  if (pathname !== LOGIN_PATH) throw new Error(`${pathname} is not a page the sign-in island draws`);
  return drawPage(pathname, language, readNamespace, (i18n) => (
    <SignInIsland
      i18n={i18n}
      queryClient={new QueryClient()}
      Router={({ children }: { children: ReactNode }) => (
        <StaticRouter location={pathname}>{children}</StaticRouter>
      )}
    />
  ));
}

/**
 * The account the signed-in screens are drawn for: any full-access owner's frame and screens look
 * alike before their data arrives (their records, counts and reminders are left loading).
 */
function placeholderAccount(language: Language): Account {
  return {
    id: "",
    name: "",
    login: "",
    email: "",
    emailVerified: true,
    lang: language,
    ...themeAccountFields(DEFAULT_THEME),
    roles: [ROLES.subscriber],
    showSplashScreen: false,
    showMobileSplashScreen: false,
    twoFactorEnabled: false,
    hasPassword: true,
    providers: [],
    createdAt: 0,
  };
}

/**
 * A signed-in screen (drawn-screens.ts) in `language` as it looks while its data loads: the app's
 * own routes, frame and screen, the account's answer alone given.
 */
export async function prerenderSignedInScreen(
  pathname: string,
  language: Language,
  readNamespace: ReadNamespace,
): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://kinfile.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  queryClient.setQueryData(accountQueryKey, placeholderAccount(language));
  return drawPage(pathname, language, readNamespace, (i18n) => (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  ));
}
