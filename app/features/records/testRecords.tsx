import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import enRecords from "../../../public/locales/en/records.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import frRecords from "../../../public/locales/fr/records.json" with { type: "json" };
import frSections from "../../../public/locales/fr/sections.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { UnsavedChangesGuard } from "../../shell/unsaved/UnsavedChangesGuard.tsx";
import { createTestI18n } from "../../test/render.tsx";
import { recordModuleRoutes } from "./routes.ts";

/** The record modules under /dashboard, as the router mounts them, with the unsaved-changes guard. */
const RECORD_TEST_ROUTES: RouteObject[] = [
  {
    path: "dashboard",
    HydrateFallback: () => null,
    element: (
      <>
        <UnsavedChangesGuard />
        <Outlet />
      </>
    ),
    children: [
      recordModuleRoutes("household"),
      recordModuleRoutes("assets"),
      recordModuleRoutes("passwordvault"),
    ],
  },
];

/** Renders the record routes at `path` with the real translations (records and sections included). */
export function renderRecords(path: string, { entries = [path], language = "en" } = {}) {
  const i18n = createTestI18n(language);
  i18n.addResourceBundle("en", "records", enRecords);
  i18n.addResourceBundle("fr", "records", frRecords);
  i18n.addResourceBundle("en", "sections", enSections);
  i18n.addResourceBundle("fr", "sections", frSections);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(RECORD_TEST_ROUTES, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, i18n, queryClient };
}
