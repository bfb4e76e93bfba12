import type { QueryClient } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import i18next, { type i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { initReactI18next } from "react-i18next";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import enAccount from "../../public/locales/en/account.json" with { type: "json" };
import enAuth from "../../public/locales/en/auth.json" with { type: "json" };
import enBilling from "../../public/locales/en/billing.json" with { type: "json" };
import enCatalog from "../../public/locales/en/catalog.json" with { type: "json" };
import enCommon from "../../public/locales/en/common.json" with { type: "json" };
import enErrors from "../../public/locales/en/errors.json" with { type: "json" };
import enForms from "../../public/locales/en/forms.json" with { type: "json" };
import enLegal from "../../public/locales/en/legal.json" with { type: "json" };
import enNetwork from "../../public/locales/en/network.json" with { type: "json" };
import frAccount from "../../public/locales/fr/account.json" with { type: "json" };
import frAuth from "../../public/locales/fr/auth.json" with { type: "json" };
import frBilling from "../../public/locales/fr/billing.json" with { type: "json" };
import frCatalog from "../../public/locales/fr/catalog.json" with { type: "json" };
import frCommon from "../../public/locales/fr/common.json" with { type: "json" };
import frErrors from "../../public/locales/fr/errors.json" with { type: "json" };
import frForms from "../../public/locales/fr/forms.json" with { type: "json" };
import frLegal from "../../public/locales/fr/legal.json" with { type: "json" };
import frNetwork from "../../public/locales/fr/network.json" with { type: "json" };
import { AppProviders } from "../AppProviders.tsx";
import { BASE_I18N_OPTIONS, followLanguageInDocument } from "../i18n/i18n.ts";
import { PWA_RESOURCES } from "../pwa/bundledStrings.ts";
import { createQueryClient } from "../queryClient.ts";

/** An i18next instance holding the real translation files, ready at once (no HTTP, no Suspense wait). */
export function createTestI18n(language = "en"): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    ...BASE_I18N_OPTIONS,
    lng: language,
    ns: ["common", "legal", "account", "auth", "billing", "catalog", "network", "forms", "errors", "pwa"],
    resources: {
      en: {
        common: enCommon,
        legal: enLegal,
        account: enAccount,
        auth: enAuth,
        billing: enBilling,
        catalog: enCatalog,
        network: enNetwork,
        forms: enForms,
        errors: enErrors,
        ...PWA_RESOURCES.en,
      },
      fr: {
        common: frCommon,
        legal: frLegal,
        account: frAccount,
        auth: frAuth,
        billing: frBilling,
        catalog: frCatalog,
        network: frNetwork,
        forms: frForms,
        errors: frErrors,
        ...PWA_RESOURCES.fr,
      },
    },
    initAsync: false,
    react: { useSuspense: false },
  });
  followLanguageInDocument(instance);
  return instance;
}

export interface AppRender extends RenderResult {
  i18n: I18n;
  queryClient: QueryClient;
}

function providers(
  ui: ReactElement,
  language: string,
): { element: ReactElement; i18n: I18n; queryClient: QueryClient } {
  const i18n = createTestI18n(language);
  const queryClient = createQueryClient({ t: i18n.t, retry: false });
  return {
    element: (
      <AppProviders i18n={i18n} queryClient={queryClient} env="test">
        {ui}
      </AppProviders>
    ),
    i18n,
    queryClient,
  };
}

/** Renders one component with the app's providers (Mantine in test mode, i18n, query cache). */
export function renderWithProviders(ui: ReactElement, { language = "en" } = {}): AppRender {
  const { element, i18n, queryClient } = providers(ui, language);
  return { ...render(element), i18n, queryClient };
}

/** Renders routes in a memory router at the given history entries (the last one is current). */
export function renderRoutes(
  routes: RouteObject[],
  { entries = ["/"], language = "en" }: { entries?: string[]; language?: string } = {},
): AppRender & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const { element, i18n, queryClient } = providers(<RouterProvider router={router} />, language);
  return { ...render(element), i18n, queryClient, router };
}
