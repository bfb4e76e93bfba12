import type { RouteObject } from "react-router";
import { withTranslations } from "../../i18n/withTranslations.ts";
import type { NetworkHandle } from "../personal-network/networkSection.ts";
import { LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT } from "../personal-network/sections.ts";
import { RECORD_READ_NAMESPACES } from "../records/routes.ts";

/*
 * /dashboard/shared-data/shared-with-me: the owners who named me, and under {nomineeId} an owner's
 * released file, read-only, drawn by the owner's own record, person and library screens (their
 * data source is the nominee's, set by SharedFileLayout). Paths only; screens load on demand.
 */

const withMePage = () => import("./SharedWithMePage.tsx").then((m) => ({ Component: m.SharedWithMePage }));
const fileLayout = () => import("./sharedFile.tsx").then((m) => ({ Component: m.SharedFileLayout }));
const filePage = () => import("./SharedFilePage.tsx").then((m) => ({ Component: m.SharedFilePage }));
const unavailable = () => import("./sharedFile.tsx").then((m) => ({ Component: m.SharedFileUnavailable }));
const recordList = withTranslations(RECORD_READ_NAMESPACES, () =>
  import("../records/RecordListPage.tsx").then((m) => ({ Component: m.RecordListPage })),
);
const recordView = withTranslations(RECORD_READ_NAMESPACES, () =>
  import("../records/RecordViewPage.tsx").then((m) => ({ Component: m.RecordViewPage })),
);
const personList = () =>
  import("../personal-network/PersonListPage.tsx").then((m) => ({ Component: m.PersonListPage }));
const personView = () =>
  import("../personal-network/PersonViewPage.tsx").then((m) => ({ Component: m.PersonViewPage }));
const library = () =>
  import("../documents/DocumentLibraryPage.tsx").then((m) => ({ Component: m.DocumentLibraryPage }));

const TITLE_KEY = "menu.module.shared-data";

/**
 * A network group of the shared file and its person views. The owner's own details have no list:
 * the file page links their view, and the bare path shows the file page.
 */
function networkRoutes(segment: string, withList: boolean): RouteObject {
  const handle: NetworkHandle = { titleKey: TITLE_KEY, networkSegment: segment };
  return {
    path: `personal-network/${segment}`,
    handle,
    children: [
      { index: true, lazy: withList ? personList : filePage },
      { path: "view/:id", lazy: personView },
    ],
  };
}

export const sharedWithMeRoutes: RouteObject = {
  path: "shared-with-me",
  children: [
    { index: true, lazy: withMePage },
    {
      path: ":nomineeId",
      lazy: fileLayout,
      children: [
        { index: true, lazy: filePage },
        networkRoutes(PERSONAL_DETAILS_SEGMENT, false),
        ...LIST_SECTIONS.map((section) => networkRoutes(section.segment, true)),
        { path: "inventory/documentlibrary", lazy: library },
        {
          path: ":module/:category",
          children: [
            { index: true, lazy: recordList },
            { path: "view/:id", lazy: recordView },
          ],
        },
        { path: "*", lazy: unavailable },
      ],
    },
  ],
};
