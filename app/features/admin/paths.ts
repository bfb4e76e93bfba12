import { ADMIN_PATH } from "../../session/homeRoute.ts";

/** The screens under /admin, in the order of the admin menu. */
export const ADMIN_SCREENS = [
  "overview",
  "users",
  "companies",
  "products",
  "codes",
  "charities",
  "audit",
] as const;
export type AdminScreenName = (typeof ADMIN_SCREENS)[number];

export function adminPath(screen: AdminScreenName): string {
  return `${ADMIN_PATH}/${screen}`;
}
