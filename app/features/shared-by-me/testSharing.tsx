import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import type { NomineeView } from "../../../domain/schemas/share.ts";
import enCollaborators from "../../../public/locales/en/collaborators.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import enSharing from "../../../public/locales/en/sharing.json" with { type: "json" };
import frCollaborators from "../../../public/locales/fr/collaborators.json" with { type: "json" };
import frSections from "../../../public/locales/fr/sections.json" with { type: "json" };
import frSharing from "../../../public/locales/fr/sharing.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { UnsavedChangesGuard } from "../../shell/unsaved/UnsavedChangesGuard.tsx";
import { createTestI18n } from "../../test/render.tsx";
import { sharedDataRoutes } from "../shared-data/routes.ts";

/** The Shared Data routes under /dashboard, as the router mounts them, with the guard and toasts. */
function sharingTestRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: "dashboard",
      HydrateFallback: () => null,
      element: (
        <>
          <UnsavedChangesGuard />
          <ToastHost />
          <Outlet />
        </>
      ),
      children: [sharedDataRoutes],
    },
    ...extra,
  ];
}

/** An i18n instance with the real translations, the sharing, collaborators and sections namespaces included. */
export function createSharingI18n(language = "en") {
  const i18n = createTestI18n(language);
  i18n.addResourceBundle("en", "sharing", enSharing);
  i18n.addResourceBundle("fr", "sharing", frSharing);
  i18n.addResourceBundle("en", "sections", enSections);
  i18n.addResourceBundle("fr", "sections", frSections);
  i18n.addResourceBundle("en", "collaborators", enCollaborators);
  i18n.addResourceBundle("fr", "collaborators", frCollaborators);
  return i18n;
}

/** Renders `routes` (the Shared Data routes by default) at `path` with real translations. */
export function renderSharing(
  path: string,
  {
    language = "en",
    routes = sharingTestRoutes(),
    entries = [path],
    strict = false,
  }: {
    language?: string;
    routes?: RouteObject[];
    entries?: string[];
    /** Under React's StrictMode, which runs each effect twice on mount in development. */
    strict?: boolean;
  } = {},
) {
  const i18n = createSharingI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const app = (
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>
  );
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, i18n, queryClient };
}

export const NOMINEE_ID = "5b0c7a2e-0000-4000-8000-0000000000aa";
/** 14 Mar 2026 14:02 UTC. */
export const MARCH_14 = Date.UTC(2026, 2, 14, 14, 2);

/** A nominee as GET /api/shared/nominees answers it. */
export function testNominee(overrides: Partial<NomineeView> = {}): NomineeView {
  return {
    id: NOMINEE_ID,
    personId: null,
    firstName: "Alex",
    lastName: "Martin",
    email: "alex@example.com",
    scope: { modules: ["inventory"], categories: ["insurance"] },
    release: "five_days",
    status: "invited",
    invitedAt: MARCH_14,
    inviteExpiresAt: MARCH_14 + 10 * 86_400_000,
    acceptedAt: null,
    requestedAt: null,
    releaseAt: null,
    releasedAt: null,
    accessEndsAt: null,
    revokedAt: null,
    createTime: MARCH_14,
    ...overrides,
  };
}
