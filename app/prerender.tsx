/**
 * A page as HTML, for the server to send before any script has run: the build
 * (prerender.config.ts) renders the sign-in page with this, once per language, and its entry
 * (signInIsland.tsx) hydrates what it drew. The tree is that entry's own (SignInIsland); only
 * react-router's static router stands in for the browser's, at the given address.
 */
import { QueryClient } from "@tanstack/react-query";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router";
import type { Language } from "../domain/catalog/languages.ts";
import { SignInIsland } from "./features/login/SignInIsland.tsx";
import { BASE_I18N_OPTIONS } from "./i18n/i18n.ts";
import { PWA_RESOURCES } from "./pwa/bundledStrings.ts";
import { LOGIN_PATH } from "./session/homeRoute.ts";
import { PageTitleReport } from "./shell/usePageTitle.ts";

// What the build writes around the page (prerender.config.ts imports only this module).
export { PRERENDERED_COLOR_SCHEME, UNFIT_STYLE, unfitCheckScript } from "./prerenderedPage.ts";

export type PrerenderedPage = {
  /** What goes inside #root. */
  html: string;
  /** The translation namespaces the page was drawn with and the browser fetches (not the bundled ones). */
  namespaces: string[];
  /** The tab's title, which the page sets once its script runs (usePageTitle). */
  title: string;
};

/**
 * Renders `pathname` in `language`, waiting for every translation it asks for, as the browser
 * would; `readNamespace` gives a namespace's translations (the files the
 * browser fetches from /locales).
 */
export async function prerenderPage(
  pathname: string,
  language: Language,
  readNamespace: (language: Language, namespace: string) => ResourceKey,
): Promise<PrerenderedPage> {
  // The island draws the sign-in page alone: any other address there is a full page load.
  if (pathname !== LOGIN_PATH) throw new Error(`${pathname} is not a page the sign-in island draws`);
  const fetched = new Set<string>();
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

  let title = "";
  const { prelude } = await prerender(
    <PageTitleReport value={(pageTitle) => (title = pageTitle)}>
      <SignInIsland
        i18n={i18n}
        queryClient={new QueryClient()}
        Router={({ children }: { children: ReactNode }) => (
          <StaticRouter location={pathname}>{children}</StaticRouter>
        )}
      />
    </PageTitleReport>,
  );
  const html = await new Response(prelude).text();
  // Anything but the finished page (a boundary left to the client, React's inline scripts) would
  // be drawn twice or refused by the CSP: better a failed build.
  if (/<script|<!--\$[!?]/.test(html)) throw new Error(`${pathname} did not render completely on its own`);
  if (!title) throw new Error(`${pathname} set no title`);
  return { html, namespaces: [...fetched], title };
}
