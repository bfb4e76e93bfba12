import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import enDocuments from "../../../public/locales/en/documents.json" with { type: "json" };
import enRecords from "../../../public/locales/en/records.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import enSharedWithMe from "../../../public/locales/en/shared-with-me.json" with { type: "json" };
import frSharedWithMe from "../../../public/locales/fr/shared-with-me.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { createTestI18n } from "../../test/render.tsx";
import { sharedWithMeRoutes } from "./routes.ts";

/** Renders Shared with me as the router mounts it, under /dashboard/shared-data, with real translations. */
export function renderSharedWithMe(path: string, { entries = [path], language = "en" } = {}) {
  const i18n = createTestI18n(language);
  i18n.addResourceBundle("en", "records", enRecords);
  i18n.addResourceBundle("en", "sections", enSections);
  i18n.addResourceBundle("en", "documents", enDocuments);
  i18n.addResourceBundle("en", "shared-with-me", enSharedWithMe);
  i18n.addResourceBundle("fr", "shared-with-me", frSharedWithMe);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "dashboard/shared-data",
        HydrateFallback: () => null,
        element: <Outlet />,
        children: [sharedWithMeRoutes],
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

export const NOMINEE_ID = "7c1d0b3e-0000-4000-8000-000000000001";

/** One owner who named the signed-in account, as GET /api/shared/with-me answers it. */
export function withMeView(overrides: Partial<SharedWithMeView> = {}): SharedWithMeView {
  return {
    nomineeId: NOMINEE_ID,
    owner: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    scope: { modules: ["inventory"], categories: ["pet", "creditcard"] },
    release: "five_days",
    status: "released",
    inviteExpiresAt: Date.UTC(2026, 0, 11),
    requestedAt: null,
    releaseAt: null,
    releasedAt: Date.UTC(2026, 0, 6),
    accessEndsAt: null,
    revokedAt: null,
    ownerSuspended: false,
    ...overrides,
  };
}
