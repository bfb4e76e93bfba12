import { Navigate, type RouteObject } from "react-router";
import { adminPath } from "./paths.ts";

/*
 * /admin: the screens of platform administrators (accounts, billing, the audit log), each at its
 * own address under one layout. Routes only, so the router can import this file into the start-up
 * bundle; the screens load on demand and take their addresses from paths.ts, not from here.
 * RequireAdmin (router.tsx) stands above them.
 */

const layout = () => import("./AdminLayout.tsx").then((m) => ({ Component: m.AdminLayout }));

export const adminRoutes: RouteObject = {
  path: "admin",
  lazy: layout,
  children: [
    // Rendered, not a loader: it runs only once RequireAdmin has let the visitor in.
    { index: true, element: <Navigate to={adminPath("overview")} replace /> },
    {
      path: "products",
      lazy: () => import("./ProductsScreen.tsx").then((m) => ({ Component: m.ProductsScreen })),
    },
    {
      path: "codes",
      lazy: () => import("./CodesScreen.tsx").then((m) => ({ Component: m.CodesScreen })),
    },
    {
      path: "overview",
      lazy: () => import("./OverviewScreen.tsx").then((m) => ({ Component: m.OverviewScreen })),
    },
    {
      path: "companies",
      lazy: () => import("./CompaniesScreen.tsx").then((m) => ({ Component: m.CompaniesScreen })),
    },
    {
      path: "users",
      lazy: () => import("./UsersScreen.tsx").then((m) => ({ Component: m.UsersScreen })),
    },
    {
      path: "users/:id",
      lazy: () => import("./UserScreen.tsx").then((m) => ({ Component: m.UserScreen })),
    },
    {
      path: "audit",
      lazy: () => import("./AuditScreen.tsx").then((m) => ({ Component: m.AuditScreen })),
    },
    {
      path: "charities",
      lazy: () => import("./CharitiesScreen.tsx").then((m) => ({ Component: m.CharitiesScreen })),
    },
  ],
};
