import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { StrictMode } from "react";
import type { DataRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./AppProviders.tsx";

export interface AppRootProps {
  i18n: I18n;
  queryClient: QueryClient;
  router: DataRouter;
}

/** The whole app, as main.tsx draws it: its providers around the router's screens. */
export function AppRoot({ i18n, queryClient, router }: AppRootProps) {
  return (
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
