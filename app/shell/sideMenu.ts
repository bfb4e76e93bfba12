/** The spec's side menu: label (a `common` key) and route, in order. */
export const SIDE_MENU = [
  { segment: "personal-network", labelKey: "menu.personalNetwork" },
  { segment: "personaldata", labelKey: "menu.personalData" },
  { segment: "household", labelKey: "menu.household" },
  { segment: "employerinfo", labelKey: "menu.employerInfo" },
  { segment: "inventory", labelKey: "menu.inventory" },
  { segment: "assets", labelKey: "menu.assets" },
  { segment: "passwordvault", labelKey: "menu.passwordVault" },
  { segment: "shared-data", labelKey: "menu.sharedData" },
] as const;

export type MenuSegment = (typeof SIDE_MENU)[number]["segment"];

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
