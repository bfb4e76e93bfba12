import {
  type DataRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
} from "react-router";
import { RECORD_MODULES } from "../domain/sections/modules.ts";
import { LANDING_SCREEN, SIGNED_IN_FRAME } from "../web/prerendered-pages.ts";
import { createBrowserRouterInSteps } from "./browserRouter.ts";
import { adminRoutes } from "./features/admin/routes.tsx";
import { companyRoutes } from "./features/companies/routes.ts";
import { documentLibraryRoutes } from "./features/documents/routes.ts";
import { personalNetworkRoutes } from "./features/personal-network/routes.ts";
import { recordModuleRoutes } from "./features/records/routes.ts";
import { sharedDataRoutes } from "./features/shared-data/routes.ts";
import { withTranslations } from "./i18n/withTranslations.ts";
import type * as Guards from "./session/guards.tsx";
import { LOGIN_PATH } from "./session/homeRoute.ts";
import { nextTask } from "./shell/nextTask.ts";
import { PageLoader } from "./shell/PageLoader.tsx";
import { RouteErrorPage } from "./shell/RouteErrorPage.tsx";
import { useFocusMainOnNavigate } from "./shell/useFocusMainOnNavigate.ts";

/*
 * Every route of the spec's section 2. Each screen's code loads on demand, so the sign-in page
 * carries neither the dashboard shell nor any other screen.
 */

/** The sign-in pages' translations, fetched with their code. */
const IDENTITY_NAMESPACES = ["auth"];

/** The signed-in frame's own: its session-expiry and subscribe dialogs, a nominee's request banner. */
const homePage = withTranslations(LANDING_SCREEN.namespaces, () =>
  import("./features/home/HomePage.tsx").then((m) => ({ Component: m.HomePage })),
);
const dashboardLayout = withTranslations(SIGNED_IN_FRAME.namespaces, () =>
  import("./shell/DashboardLayout.tsx").then((m) => ({ Component: m.DashboardLayout })),
);
const myAccountPage = () =>
  import("./features/account/MyAccountPage.tsx").then((m) => ({ Component: m.MyAccountPage }));
const mySubscriptionPage = () =>
  import("./features/billing/MySubscriptionPage.tsx").then((m) => ({ Component: m.MySubscriptionPage }));

/** The routes whose guard starts by reading the account: "/" and every signed-in screen. */
const ACCOUNT_ROUTE_IDS = { home: "home", signedIn: "signed-in" } as const;

/** A route guard (session/guards.tsx), loaded with the first signed-in screen, never with /login. */
function guard(name: keyof typeof Guards) {
  return () => import("./session/guards.tsx").then((m) => ({ Component: m[name] }));
}

/** Spec: without `approve` or `sign` the link is not a share answer; go to sign-in. */
function acceptedShareRequestLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.get("approve") || !params.get("sign")) return redirect(LOGIN_PATH);
  return null;
}

/** Stays mounted across every navigation, so it can move focus to each new page's main region. */
function RootRoute() {
  useFocusMainOnNavigate();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const routeTable: RouteObject[] = [
  {
    // Redirect-only routes render nothing (element: null) while their loader sends the reader on.
    Component: RootRoute,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, id: ACCOUNT_ROUTE_IDS.home, lazy: guard("HomeRedirect") },
      {
        path: "login",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/login/LoginPage.tsx").then((m) => ({ Component: m.LoginPage })),
        ),
      },
      {
        path: "signout",
        lazy: () => import("./features/signout/SignoutPage.tsx").then((m) => ({ Component: m.SignoutPage })),
      },
      {
        path: "terms-of-use",
        lazy: () =>
          import("./features/legal/TermsOfUsePage.tsx").then((m) => ({ Component: m.TermsOfUsePage })),
      },
      {
        path: "data-protect-policy",
        lazy: () =>
          import("./features/legal/DataProtectionPolicyPage.tsx").then((m) => ({
            Component: m.DataProtectionPolicyPage,
          })),
      },
      {
        path: "accepted-share-request",
        loader: acceptedShareRequestLoader,
        lazy: withTranslations(["sharing", "catalog", "sections"], () =>
          import("./features/share-request/AcceptedShareRequestPage.tsx").then((m) => ({
            Component: m.AcceptedShareRequestPage,
          })),
        ),
      },
      {
        path: "unsubscribe",
        lazy: () =>
          import("./features/unsubscribe/UnsubscribePage.tsx").then((m) => ({
            Component: m.UnsubscribePage,
          })),
      },
      {
        path: "register",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/register/RegisterPage.tsx").then((m) => ({ Component: m.RegisterPage })),
        ),
      },
      {
        path: "forgot-password",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/password/ForgotPasswordPage.tsx").then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
        ),
      },
      {
        path: "reset-password",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/password/ResetPasswordPage.tsx").then((m) => ({
            Component: m.ResetPasswordPage,
          })),
        ),
      },
      {
        path: "verify-email",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/verify/ConfirmEmailPage.tsx").then((m) => ({ Component: m.ConfirmEmailPage })),
        ),
      },
      {
        path: "unlock-sign-in",
        lazy: withTranslations(IDENTITY_NAMESPACES, () =>
          import("./features/login/UnlockSignInPage.tsx").then((m) => ({ Component: m.UnlockSignInPage })),
        ),
      },
      {
        path: "implicit/callback",
        lazy: () =>
          import("./features/callback/ProviderCallbackPage.tsx").then((m) => ({
            Component: m.ProviderCallbackPage,
          })),
      },
      {
        id: ACCOUNT_ROUTE_IDS.signedIn,
        lazy: guard("RequireSession"),
        children: [
          {
            lazy: dashboardLayout,
            children: [
              {
                path: "dashboard",
                children: [
                  personalNetworkRoutes,
                  sharedDataRoutes,
                  {
                    lazy: guard("RequireFullAccess"),
                    // The library's own screens outrank its module's generic category pages.
                    children: [
                      { index: true, handle: { titleKey: "menu.home" }, lazy: homePage },
                      documentLibraryRoutes,
                      ...RECORD_MODULES.map((module) => recordModuleRoutes(module)),
                    ],
                  },
                  {
                    path: "manage-account",
                    children: [
                      { index: true, handle: { titleKey: "screen.manageAccount" }, lazy: myAccountPage },
                      {
                        path: "my-account",
                        handle: { titleKey: "screen.manageAccount" },
                        lazy: myAccountPage,
                      },
                      {
                        path: "my-subscription",
                        handle: { titleKey: "screen.mySubscription" },
                        lazy: mySubscriptionPage,
                      },
                    ],
                  },
                  {
                    path: "*",
                    lazy: () =>
                      import("./features/not-found/NotFoundPage.tsx").then((m) => ({
                        Component: m.NotFoundContent,
                      })),
                  },
                ],
              },
              companyRoutes,
              { lazy: guard("RequireAdmin"), children: [adminRoutes] },
            ],
          },
        ],
      },
      {
        path: "*",
        lazy: () =>
          import("./features/not-found/NotFoundPage.tsx").then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

/**
 * Each route's `lazy` (its screen's code and translations) started in a task of its own. The
 * router starts those of every route it matches within the task that starts a navigation: on a
 * page load, the one that has just ranked the whole route table, already a long task on a phone.
 */
export function lazyInTasksOfTheirOwn(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const { lazy, children } = route;
    const deferred = typeof lazy === "function" ? { lazy: () => nextTask().then(lazy) } : {};
    return {
      ...route,
      ...deferred,
      ...(children ? { children: lazyInTasksOfTheirOwn(children) } : {}),
    } as RouteObject;
  });
}

export const routes = lazyInTasksOfTheirOwn(routeTable);

/** The app's browser router, its first navigation started in a task of its own (browserRouter.ts). */
export function createAppRouter(): Promise<DataRouter> {
  return createBrowserRouterInSteps(routes);
}

/** Whether the screen the router opened on (or any route it matched) first needs the account. */
export function startsWithAccount(router: DataRouter): boolean {
  const ids: ReadonlySet<string | undefined> = new Set(Object.values(ACCOUNT_ROUTE_IDS));
  return router.state.matches.some((match) => ids.has(match.route.id));
}
