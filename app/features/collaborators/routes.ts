import type { RouteObject } from "react-router";
import { withTranslations } from "../../i18n/withTranslations.ts";
import type { ScreenHandle } from "../../shell/screenHandle.ts";

/*
 * /dashboard/shared-data/collaborators: the owner's collaborators (list, invite, change access), and
 * /dashboard/shared-data/collaborating: the files the account helps with and its invitations.
 * Screens load on demand; this file holds only paths, so the router can import it at start-up.
 */

const handle: ScreenHandle = { titleKey: "menu.module.shared-data" };
/** Their texts, with the scope's labels and the form's messages, loaded beside the code. */
const NAMESPACES = ["collaborators", "sharing", "sections", "forms", "errors"];
const listPage = withTranslations(NAMESPACES, () =>
  import("./CollaboratorsPage.tsx").then((m) => ({ Component: m.CollaboratorsPage })),
);
const formPage = withTranslations(NAMESPACES, () =>
  import("./CollaboratorFormPage.tsx").then((m) => ({ Component: m.CollaboratorFormPage })),
);
const helpingPage = withTranslations(NAMESPACES, () =>
  import("./CollaboratingPage.tsx").then((m) => ({ Component: m.CollaboratingPage })),
);

export const collaboratorRoutes: RouteObject[] = [
  {
    path: "collaborators",
    handle,
    children: [
      { index: true, lazy: listPage },
      { path: "invite", lazy: formPage },
      { path: "edit/:id", lazy: formPage },
    ],
  },
  { path: "collaborating", handle, lazy: helpingPage },
];
