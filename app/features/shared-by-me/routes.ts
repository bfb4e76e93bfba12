import type { RouteObject } from "react-router";
import type { ScreenHandle } from "../../shell/screenHandle.ts";

/*
 * /dashboard/shared-data/shared-by-me: the owner's nominees (list, add, view, edit). Screens load
 * on demand; this file holds only paths, so the router can import it at start-up.
 */

const handle: ScreenHandle = { titleKey: "menu.sharedData" };
const listPage = () => import("./NomineeListPage.tsx").then((m) => ({ Component: m.NomineeListPage }));
const formPage = () => import("./NomineeFormPage.tsx").then((m) => ({ Component: m.NomineeFormPage }));
const viewPage = () => import("./NomineeViewPage.tsx").then((m) => ({ Component: m.NomineeViewPage }));

export const sharedByMeRoutes: RouteObject = {
  path: "shared-by-me",
  handle,
  children: [
    { index: true, lazy: listPage },
    { path: "add", lazy: formPage },
    { path: "view/:id", lazy: viewPage },
    { path: "edit/:id", lazy: formPage },
  ],
};
