import "./theme/styles.ts";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { configureApiClient } from "./api/client.ts";
import { createBrowserI18n } from "./i18n/i18n.ts";
import { takeOverDrawnScreen } from "./prerenderedPage.ts";
import { createQueryClient } from "./queryClient.ts";
import { prefetchAccount } from "./session/accountQuery.ts";
import { HOME_PATH, PERSONAL_NETWORK_PATH, sessionEndedPath } from "./session/homeRoute.ts";
import { nextTask } from "./shell/nextTask.ts";

/*
 * The start-up, in steps. On a phone, evaluating the start-up code, ranking the route table and
 * rendering the first screen are each a long task, and a page that cannot answer meanwhile feels
 * stuck. So the router's code and the providers' (Mantine's) are imported here, in the
 * start-up file still (web/start-up-plugin.ts keeps them there, so nothing more is fetched) but evaluated
 * each in a task of its own, with the page free to answer in between.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const i18n = createBrowserI18n();
  const queryClient = createQueryClient({ t: i18n.t });
  await nextTask();
  const { createAppRouter, startsWithAccount } = await import("./router.tsx");
  await nextTask();
  // The largest step, in two tasks: the router ranks its whole route table, then starts the first navigation.
  const router = await createAppRouter();
  await nextTask();

  configureApiClient({
    language: () => i18n.resolvedLanguage ?? i18n.language,
    onUnauthorized: () => void router.navigate(sessionEndedPath(router.state.location.pathname)),
    fallbackMessage: () => i18n.t("common:error.unexpected"),
    onFileNotFound: (ownerId, error) =>
      void import("./session/openFileGuard.ts").then((m) => m.checkOpenFile(ownerId, error)),
  });

  // The guard of "/" and of every signed-in screen first asks for the account: ask now, while the
  // screen's code downloads, not once that code has arrived and rendered.
  if (startsWithAccount(router)) prefetchAccount(queryClient);
  // The landing screen's data too, once the account allows it: its rings then arrive with their
  // counts; and the network's overview, whose tiles do the same.
  const { pathname } = router.state.location;
  if (pathname === HOME_PATH) {
    void import("./features/home/homeApi.ts").then((m) => m.prefetchHome(queryClient));
  } else if (pathname === PERSONAL_NETWORK_PATH) {
    void import("./features/personal-network/overviewQueries.ts").then((m) =>
      m.prefetchOverview(queryClient),
    );
  }
  await nextTask();
  const { AppRoot } = await import("./AppRoot.tsx");
  await nextTask();

  // The sign-in page the server sends drawn has an entry of its own (signInIsland.tsx): the pages
  // this one starts on arrive empty, /login included when the app asks for it (the installed app's
  // cached shell, an address with a query string), but for the signed-in screens the server may
  // send drawn beside the app's root (web/drawn-screens.ts): the app draws them anew and takes their place.
  takeOverDrawnScreen(container);
  const root = createRoot(container);
  // Drawn as a transition: React renders it in slices, between which the page answers the reader,
  // rather than in one long task.
  startTransition(() => root.render(<AppRoot i18n={i18n} queryClient={queryClient} router={router} />));
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
