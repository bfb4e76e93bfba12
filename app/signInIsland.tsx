/**
 * The entry of the sign-in page the server sends drawn (web/prerender-plugin.ts): it takes that page
 * over with the sign-in page alone (features/login/SignInIsland.tsx), not the whole app that
 * main.tsx starts. Every other address, the signed-in page after signing in included, is a full
 * page load, which main.tsx then draws.
 */
import "./theme/styles.ts";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { configureApiClient } from "./api/client.ts";
import { SignInIsland } from "./features/login/SignInIsland.tsx";
import { createBrowserI18n } from "./i18n/i18n.ts";
import { canHydrate, discardPrerenderedPage } from "./prerenderedPage.ts";
import { createQueryClient } from "./queryClient.ts";

const i18n = createBrowserI18n();
// The sign-in page's own translations (which the page's head preloads), asked for with the
// common ones rather than once the page first suspends on them.
void i18n.loadNamespaces(["auth"]);
const queryClient = createQueryClient({ t: i18n.t });

// A 401 answer here sends the reader nowhere (the client leaves the sign-in page alone).
configureApiClient({
  language: () => i18n.resolvedLanguage ?? i18n.language,
  fallbackMessage: () => i18n.t("common:error.unexpected"),
});

const container = document.getElementById("root");
if (!container) throw new Error("The sign-in page has no #root element");

const island = <SignInIsland i18n={i18n} queryClient={queryClient} Router={BrowserRouter} />;

if (canHydrate(container)) {
  // Taken over as it stands, keeping what the reader has typed; in a transition, so that the
  // work yields to the reader's input.
  startTransition(() => void hydrateRoot(container, island));
} else {
  // Another stored language or theme than the page's (prerenderedPage.ts): drawn anew for them.
  discardPrerenderedPage(container);
  createRoot(container).render(island);
}
