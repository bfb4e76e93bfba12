import type { RouteObject } from "react-router";
import { NETWORK_OVERVIEW } from "../../../web/prerendered-pages.ts";
import { withTranslations } from "../../i18n/withTranslations.ts";
import type { NetworkHandle } from "./networkSection.ts";
import { FAMILY_TREE_SEGMENT, LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT } from "./sections.ts";

/*
 * The Personal Network's routes, under /dashboard/personal-network. Every screen loads on demand;
 * this file holds only paths, so the router can import it into the start-up bundle.
 */

// The overview's translations with its code, as its drawn page asks for them (its closing actions
// bring their own, PersonalNetworkOverview.tsx).
const overview = withTranslations(NETWORK_OVERVIEW.namespaces, () =>
  import("./PersonalNetworkOverview.tsx").then((m) => ({ Component: m.PersonalNetworkOverview })),
);
const personalDetails = () =>
  import("./PersonalDetailsPage.tsx").then((m) => ({ Component: m.PersonalDetailsPage }));
const familyTree = () => import("./FamilyTreePage.tsx").then((m) => ({ Component: m.FamilyTreePage }));
const personList = () => import("./PersonListPage.tsx").then((m) => ({ Component: m.PersonListPage }));
const personView = () => import("./PersonViewPage.tsx").then((m) => ({ Component: m.PersonViewPage }));
const personForm = () => import("./PersonFormPage.tsx").then((m) => ({ Component: m.PersonFormPage }));

const TITLE_KEY = "menu.module.personal-network";

/** A section's own page, plus its view/{id} and edit/{id} (and add, for lists). */
function sectionRoutes(segment: string, page: RouteObject["lazy"], withAdd: boolean): RouteObject {
  const handle: NetworkHandle = { titleKey: TITLE_KEY, networkSegment: segment };
  return {
    path: segment,
    handle,
    children: [
      { index: true, lazy: page },
      ...(withAdd ? [{ path: "add", lazy: personForm }] : []),
      { path: "view/:id", lazy: personView },
      { path: "edit/:id", lazy: personForm },
    ],
  };
}

export const personalNetworkRoutes: RouteObject = {
  path: "personal-network",
  children: [
    { index: true, handle: { titleKey: TITLE_KEY }, lazy: overview },
    sectionRoutes(PERSONAL_DETAILS_SEGMENT, personalDetails, false),
    sectionRoutes(FAMILY_TREE_SEGMENT, familyTree, false),
    ...LIST_SECTIONS.map((section) => sectionRoutes(section.segment, personList, true)),
  ],
};
