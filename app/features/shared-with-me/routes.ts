import type { RouteObject } from "react-router";

/* /dashboard/shared-data/shared-with-me and below: being built (nominees issue). */

const placeholder = () =>
  import("../placeholder/SectionPlaceholderPage.tsx").then((m) => ({ Component: m.SectionPlaceholderPage }));

export const sharedWithMeRoutes: RouteObject = {
  path: "shared-with-me",
  children: [
    { index: true, lazy: placeholder },
    { path: "*", lazy: placeholder },
  ],
};
