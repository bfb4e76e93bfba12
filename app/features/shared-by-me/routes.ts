import { type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import type { ScreenHandle } from "../../shell/screenHandle.ts";

/*
 * /dashboard/shared-data/shared-by-me: the owner's nominees (list, add, view, edit). Screens load
 * on demand; this file holds only paths, so the router can import it at start-up.
 */

export const SHARED_BY_ME_PATH = "/dashboard/shared-data/shared-by-me";

const handle: ScreenHandle = { titleKey: "menu.module.shared-data" };
const listPage = () => import("./NomineeListPage.tsx").then((m) => ({ Component: m.NomineeListPage }));
const formPage = () => import("./NomineeFormPage.tsx").then((m) => ({ Component: m.NomineeFormPage }));
const viewPage = () => import("./NomineeViewPage.tsx").then((m) => ({ Component: m.NomineeViewPage }));

/** The mails' link to a nominee (shared-by-me/{id}) opens its view page (shared-by-me/view/{id}). */
function nomineeLinkLoader({ params }: LoaderFunctionArgs) {
  return redirect(`${SHARED_BY_ME_PATH}/view/${encodeURIComponent(params.id ?? "")}`);
}

export const sharedByMeRoutes: RouteObject = {
  path: "shared-by-me",
  handle,
  children: [
    { index: true, lazy: listPage },
    { path: "add", lazy: formPage },
    { path: "view/:id", lazy: viewPage },
    { path: "edit/:id", lazy: formPage },
    { path: ":id", loader: nomineeLinkLoader, element: null },
  ],
};
