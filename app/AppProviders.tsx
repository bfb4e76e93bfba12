import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { type ReactNode, Suspense, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { OfflineNotice } from "./pwa/OfflineNotice.tsx";
import { PageLoader } from "./shell/PageLoader.tsx";
import { accessibleCssVariables, buildMantineTheme } from "./theme/mantineTheme.ts";
import { useColorScheme, useThemePreference } from "./theme/themePreference.ts";

export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** "test" turns off Mantine's transitions and portals (jsdom). */
  env?: "default" | "test";
  children: ReactNode;
}

/**
 * Everything a screen relies on: translations, the chosen theme and the server-data cache.
 * The colour scheme is forced from the theme's mode (the device's, live, for "system"), so no
 * inline script (ColorSchemeScript) is needed: the CSP forbids inline scripts.
 */
export function AppProviders({ i18n, queryClient, env = "default", children }: AppProvidersProps) {
  const [{ accent }] = useThemePreference();
  const colorScheme = useColorScheme();
  const theme = useMemo(() => buildMantineTheme(accent), [accent]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        forceColorScheme={colorScheme}
        cssVariablesResolver={accessibleCssVariables}
        env={env}
      >
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader />}>
            {children}
            <OfflineNotice />
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
