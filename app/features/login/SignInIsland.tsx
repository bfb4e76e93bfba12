import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { type ComponentType, type ReactNode, StrictMode, useEffect } from "react";
import { Route, Routes, useLocation } from "react-router";
import { AppProviders } from "../../AppProviders.tsx";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { SignInIslandContext } from "../../session/useFinishSignIn.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { LoginPage } from "./LoginPage.tsx";

/**
 * Any address but the sign-in page's, reached from it (a link to registration or a lost password,
 * the legal pages): loaded in full, for the server to send the app that draws it. The island's
 * router has already put the address in the history; the load takes that entry's place.
 */
function FullPageLoad() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageLoader />;
}

export interface SignInIslandProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** React Router's declarative router: the browser's, or a static one at /login for the build. */
  Router: ComponentType<{ children: ReactNode }>;
}

/**
 * The sign-in page as the server sends it drawn (web/prerender.tsx) and as its own small entry
 * (signInIsland.tsx) takes it over: the app's providers and LoginPage, under React Router's
 * declarative router rather than the app's data router and its every route, so that the first
 * screen downloads a fraction of the app. One tree for both, so the hydration matches the HTML.
 * Inside the app (after signing out, or in the installed app) /login is the app's own route.
 */
export function SignInIsland({ i18n, queryClient, Router }: SignInIslandProps) {
  return (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <Router>
          <SignInIslandContext value={true}>
            <Routes>
              <Route path={LOGIN_PATH} element={<LoginPage />} />
              <Route path="*" element={<FullPageLoad />} />
            </Routes>
          </SignInIslandContext>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
