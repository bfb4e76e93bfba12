import "./theme/styles.ts";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./AppProviders.tsx";
import { configureApiClient } from "./api/client.ts";
import { createBrowserI18n } from "./i18n/i18n.ts";
import { canHydrate, discardPrerenderedPage } from "./prerenderedPage.ts";
import { createQueryClient } from "./queryClient.ts";
import { createAppRouter, startsWithAccount } from "./router.tsx";
import { prefetchAccount } from "./session/accountQuery.ts";
import { sessionEndedPath } from "./session/homeRoute.ts";

const i18n = createBrowserI18n();
const queryClient = createQueryClient({ t: i18n.t });
const router = createAppRouter();

configureApiClient({
  language: () => i18n.resolvedLanguage ?? i18n.language,
  onUnauthorized: () => void router.navigate(sessionEndedPath(router.state.location.pathname)),
  fallbackMessage: () => i18n.t("common:error.unexpected"),
});

// The guard of "/" and of every signed-in screen first asks for the account: ask now, while the
// screen's code downloads, not once that code has arrived and rendered.
if (startsWithAccount(router)) prefetchAccount(queryClient);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (canHydrate(container)) {
  // The server sent this page drawn (app/prerender.tsx): take it over as it stands, keeping what
  // the reader has typed. Not before the route's code has arrived, or the router would draw its
  // loader where the page is. In a transition, so that the work yields to the reader's input.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  if (router.state.initialized) hydrate();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      hydrate();
    });
  }
} else {
  discardPrerenderedPage(container);
  createRoot(container).render(app);
}
