import { hasFullAccess, ROLES } from "../../domain/roles.ts";
import { MODULE_DECLARATIONS, type ModuleKey } from "../../domain/sections/modules.ts";

/** A module's menu label (a `common` key), also the title of its screens. */
export function menuLabelKey(module: ModuleKey): string {
  return `menu.module.${module}`;
}

/** The home screen's item: /dashboard itself, the file's progress and next steps. */
export const HOME_SEGMENT = "home";

export type MenuSegment = ModuleKey | typeof HOME_SEGMENT;

export type MenuItem = { segment: MenuSegment; labelKey: string; open: boolean };

/**
 * The spec's side menu: Home, then the module declarations in their order. `open` marks the
 * sections an account without a subscription may use (spec section 6); the home shows the full
 * file's progress, so it is not one of them.
 */
export const SIDE_MENU: readonly MenuItem[] = [
  { segment: HOME_SEGMENT, labelKey: "menu.home", open: false },
  ...MODULE_DECLARATIONS.map(({ key, open }) => ({ segment: key, labelKey: menuLabelKey(key), open })),
];

/** Whether an account with these roles may open a section (spec section 6). */
export function isMenuItemEnabled(item: MenuItem, roles: readonly string[]): boolean {
  return item.open || hasFullAccess(roles);
}

export function menuPath(segment: MenuSegment): string {
  return segment === HOME_SEGMENT ? "/dashboard" : `/dashboard/${segment}`;
}

/**
 * The active item comes from the second path segment (spec section 2):
 * /dashboard/inventory/documentlibrary/add -> "inventory", /dashboard itself -> the home. Null
 * outside the menu's sections.
 */
export function activeMenuSegment(pathname: string): MenuSegment | null {
  const [, first, second] = pathname.split("/");
  if (first !== "dashboard") return null;
  if (!second) return HOME_SEGMENT;
  return SIDE_MENU.find((item) => item.segment === second)?.segment ?? null;
}

/** An area outside the dashboard's sections, listed only for the roles that use it. */
export type RoleMenuItem = { key: "b2b" | "admin"; path: string; labelKey: string; roles: readonly string[] };

/** The company area for its admins and members, the platform's administration for its admins. */
export const ROLE_MENU: readonly RoleMenuItem[] = [
  { key: "b2b", path: "/b2b", labelKey: "screen.b2b", roles: [ROLES.companyAdmin, ROLES.b2b] },
  { key: "admin", path: "/admin", labelKey: "screen.admin", roles: [ROLES.admin] },
];

/** The role-gated areas an account with these roles may open, in the menu's order. */
export function roleMenuItems(roles: readonly string[]): RoleMenuItem[] {
  return ROLE_MENU.filter((item) => item.roles.some((role) => roles.includes(role)));
}

/** The role-gated area a path belongs to: /admin/users -> "admin". */
export function activeRoleMenuKey(pathname: string): RoleMenuItem["key"] | null {
  const first = pathname.split("/")[1];
  return ROLE_MENU.find((item) => item.path === `/${first}`)?.key ?? null;
}
