import type { RouteObject } from "react-router";
import { withTranslations } from "../../i18n/withTranslations.ts";
import type { ScreenHandle } from "../../shell/screenHandle.ts";
import { collaboratorRoutes } from "../collaborators/routes.ts";
import { sharedByMeRoutes } from "../shared-by-me/routes.ts";
import { sharedWithMeRoutes } from "../shared-with-me/routes.ts";

/*
 * /dashboard/shared-data: the landing page with both areas, Shared by me (the owner's nominees)
 * and Shared with me (the files others shared with the signed-in account, read-only). Open to
 * every signed-in account: nominees need no subscription.
 */

const handle: ScreenHandle = { titleKey: "menu.module.shared-data" };
const landingPage = withTranslations(["sharing", "common", "collaborators"], () =>
  import("./SharedDataPage.tsx").then((m) => ({ Component: m.SharedDataPage })),
);

export const sharedDataRoutes: RouteObject = {
  path: "shared-data",
  handle,
  children: [{ index: true, lazy: landingPage }, sharedByMeRoutes, sharedWithMeRoutes, ...collaboratorRoutes],
};
