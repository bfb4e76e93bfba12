import { hasFullAccess } from "../../domain/roles.ts";

/**
 * The spec's side menu: label (a `common` key) and route, in order. `open` marks the two sections
 * an account without a subscription may use (spec section 6).
 */
export const SIDE_MENU = [
  { segment: "personal-network", labelKey: "menu.personalNetwork", open: true },
  { segment: "personaldata", labelKey: "menu.personalData", open: false },
  { segment: "household", labelKey: "menu.household", open: false },
  { segment: "employerinfo", labelKey: "menu.employerInfo", open: false },
  { segment: "inventory", labelKey: "menu.inventory", open: false },
  { segment: "assets", labelKey: "menu.assets", open: false },
  { segment: "passwordvault", labelKey: "menu.passwordVault", open: false },
  { segment: "shared-data", labelKey: "menu.sharedData", open: true },
] as const;

export type MenuSegment = (typeof SIDE_MENU)[number]["segment"];

/** Whether an account with these roles may open a section (spec section 6). */
export function isMenuItemEnabled(item: (typeof SIDE_MENU)[number], roles: readonly string[]): boolean {
  return item.open || hasFullAccess(roles);
}

export function menuPath(segment: MenuSegment): string {
  return `/dashboard/${segment}`;
}

/**
 * The active item comes from the second path segment (spec section 2):
 * /dashboard/inventory/documentlibrary/add -> "inventory". Null outside the menu's sections.
 */
export function activeMenuSegment(pathname: string): MenuSegment | null {
  const [, first, second] = pathname.split("/");
  if (first !== "dashboard" || !second) return null;
  return SIDE_MENU.find((item) => item.segment === second)?.segment ?? null;
}
