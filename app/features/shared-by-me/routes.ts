import type { RouteObject } from "react-router";

/* /dashboard/shared-data/shared-by-me and below: being built (nominees issue). */

const placeholder = () =>
  import("../placeholder/SectionPlaceholderPage.tsx").then((m) => ({ Component: m.SectionPlaceholderPage }));

export const sharedByMeRoutes: RouteObject = {
  path: "shared-by-me",
  children: [
    { index: true, lazy: placeholder },
    { path: "*", lazy: placeholder },
  ],
};
