/**
 * A page of the app as HTML, for the server to send before any script has run: the build
 * (prerender.config.ts) renders the sign-in page with this, once per language, and main.tsx
 * hydrates what it drew. The tree is main.tsx's own (the same providers, routes and screens);
 * only react-router's static router stands in for the browser's, at the given address.
 */
import { QueryClient } from "@tanstack/react-query";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { Language } from "../domain/catalog/languages.ts";
import { AppProviders } from "./AppProviders.tsx";
import { BASE_I18N_OPTIONS } from "./i18n/i18n.ts";
import { PWA_RESOURCES } from "./pwa/bundledStrings.ts";
import { routes } from "./router.tsx";

// What the build writes around the page (prerender.config.ts imports only this module).
export { PRERENDERED_COLOR_SCHEME, UNFIT_STYLE, unfitCheckScript } from "./prerenderedPage.ts";

export type PrerenderedPage = {
  /** What goes inside #root. */
  html: string;
  /** The translation namespaces the page was drawn with and the browser fetches (not the bundled ones). */
  namespaces: string[];
};

/**
 * Renders `pathname` in `language`, waiting for every screen's code and every translation it
 * asks for, as the browser would; `readNamespace` gives a namespace's translations (the files the
 * browser fetches from /locales).
 */
export async function prerenderPage(
  pathname: string,
  language: Language,
  readNamespace: (language: Language, namespace: string) => ResourceKey,
): Promise<PrerenderedPage> {
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

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${pathname} redirects: nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={new QueryClient()}>
        {/* hydrate={false}: its data would be an inline script, which the CSP refuses. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  // Anything but the finished page (a boundary left to the client, React's inline scripts) would
  // be drawn twice or refused by the CSP: better a failed build.
  if (/<script|<!--\$[!?]/.test(html)) throw new Error(`${pathname} did not render completely on its own`);
  return { html, namespaces: [...fetched] };
}
