import type { RouteObject } from "react-router";
import type { ScreenHandle } from "../../shell/screenHandle.ts";

/*
 * /b2b and /b2b/activate: routes only, so the router can import this file into the start-up
 * bundle; the screens load on demand (their addresses are in paths.ts). Any signed-in account may
 * open both: creating a company or activating a seat is how one gets a company role.
 */

const handle: ScreenHandle = { titleKey: "screen.b2b" };

export const companyRoutes: RouteObject = {
  path: "b2b",
  handle,
  children: [
    {
      index: true,
      lazy: () => import("./CompanyPage.tsx").then((m) => ({ Component: m.CompanyPage })),
    },
    {
      path: "activate",
      lazy: () => import("./ActivatePage.tsx").then((m) => ({ Component: m.ActivatePage })),
    },
  ],
};
