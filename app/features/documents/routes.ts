import type { RouteObject } from "react-router";
import type { ScreenHandle } from "../../shell/screenHandle.ts";

/*
 * The Document Library's routes under /dashboard: the list, add and edit/:id. Paths only, so the
 * router can import this file into the start-up bundle; the screens load on demand.
 */

const libraryPage = () =>
  import("./DocumentLibraryPage.tsx").then((m) => ({ Component: m.DocumentLibraryPage }));
const formPage = () => import("./DocumentFormPage.tsx").then((m) => ({ Component: m.DocumentFormPage }));

const listHandle: ScreenHandle = { titleKey: "menu.module.inventory" };
const addHandle: ScreenHandle = { titleKey: "screen.addDocument" };
const editHandle: ScreenHandle = { titleKey: "screen.editDocument" };

export const documentLibraryRoutes: RouteObject = {
  path: "inventory/documentlibrary",
  children: [
    { index: true, handle: listHandle, lazy: libraryPage },
    { path: "add", handle: addHandle, lazy: formPage },
    { path: "edit/:id", handle: editHandle, lazy: formPage },
  ],
};
