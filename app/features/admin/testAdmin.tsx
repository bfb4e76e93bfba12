import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import enAdmin from "../../../public/locales/en/admin.json" with { type: "json" };
import enDocuments from "../../../public/locales/en/documents.json" with { type: "json" };
import frAdmin from "../../../public/locales/fr/admin.json" with { type: "json" };
import frDocuments from "../../../public/locales/fr/documents.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { RequireAdmin } from "../../session/guards.tsx";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { createTestI18n } from "../../test/render.tsx";
import { type StubAnswer, testAccount } from "../../test/stubApi.ts";
import { adminRoutes } from "./routes.tsx";

/** The admin routes behind their guard, as the router mounts them, with the toasts' host. */
const ADMIN_TEST_ROUTES: RouteObject[] = [
  {
    HydrateFallback: () => null,
    element: (
      <>
        <ToastHost />
        <Outlet />
      </>
    ),
    children: [{ Component: RequireAdmin, children: [adminRoutes] }],
  },
];

/** Renders the admin area at `path` with the real translations (the admin namespace included). */
export function renderAdmin(path: string, { language = "en" } = {}) {
  const i18n = createTestI18n(language);
  i18n.addResourceBundle("en", "admin", enAdmin);
  i18n.addResourceBundle("fr", "admin", frAdmin);
  // The account comments panel speaks the documents namespace.
  i18n.addResourceBundle("en", "documents", enDocuments);
  i18n.addResourceBundle("fr", "documents", frDocuments);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(ADMIN_TEST_ROUTES, { initialEntries: [path] });
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, i18n, queryClient };
}

/** What every admin screen reads besides its list: a platform admin's account and the billing mode. */
export function adminSession(mode: BillingMode): Record<string, StubAnswer> {
  return {
    "GET /api/account/account": { body: testAccount({ roles: ["admin"] }) },
    "GET /api/sbs/settings": {
      body: { mode, publishableKey: mode === "stripe" ? "pk_test_x" : null },
    },
  };
}

/** A 400 as the server answers a refused field, its message already translated. */
export function fieldRefusal(field: string, message: string): StubAnswer {
  return {
    status: 400,
    body: {
      error: { code: "validation_failed", message: "Check the fields.", fields: { [field]: message } },
    },
  };
}

/** A list call that failed on the server's side. */
export const SERVER_FAILURE: StubAnswer = {
  status: 500,
  body: { error: { code: "internal_error", message: "Something went wrong." } },
};
