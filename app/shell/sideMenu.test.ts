import { describe, expect, it } from "vitest";
import {
  activeMenuSegment,
  activeRoleMenuKey,
  isMenuItemEnabled,
  menuPath,
  roleMenuItems,
  SIDE_MENU,
} from "./sideMenu.ts";

describe("side menu", () => {
  it("lists the home, then the spec's eight sections with their routes, in order", () => {
    expect(SIDE_MENU.map((item) => menuPath(item.segment))).toEqual([
      "/dashboard",
      "/dashboard/personal-network",
      "/dashboard/personaldata",
      "/dashboard/household",
      "/dashboard/employerinfo",
      "/dashboard/inventory",
      "/dashboard/assets",
      "/dashboard/passwordvault",
      "/dashboard/shared-data",
    ]);
  });

  it("takes the active item from the second path segment", () => {
    expect(activeMenuSegment("/dashboard/personal-network")).toBe("personal-network");
    expect(activeMenuSegment("/dashboard/personal-network/immediate-family-tree")).toBe("personal-network");
    expect(activeMenuSegment("/dashboard/inventory/documentlibrary/edit/42")).toBe("inventory");
    expect(activeMenuSegment("/dashboard/shared-data/")).toBe("shared-data");
    expect(activeMenuSegment("/dashboard")).toBe("home");
    expect(activeMenuSegment("/dashboard/")).toBe("home");
  });

  it("has no active item outside the menu's sections", () => {
    expect(activeMenuSegment("/dashboard/manage-account/my-subscription")).toBeNull();
    expect(activeMenuSegment("/b2b/assets")).toBeNull();
    expect(activeMenuSegment("/login")).toBeNull();
  });
});

describe("side menu for an account without a subscription", () => {
  it("enables only Personal Network and Shared Data", () => {
    const enabled = SIDE_MENU.filter((item) => isMenuItemEnabled(item, [])).map((item) => item.segment);
    expect(enabled).toEqual(["personal-network", "shared-data"]);
  });

  it("enables every section for a subscriber or a b2b user", () => {
    for (const roles of [["subscriber"], ["b2b"]]) {
      expect(SIDE_MENU.every((item) => isMenuItemEnabled(item, roles))).toBe(true);
    }
  });
});

describe("side menu's role-gated areas", () => {
  it("lists /b2b for a company admin or member and /admin for a platform admin", () => {
    const paths = (roles: string[]) => roleMenuItems(roles).map((item) => item.path);
    expect(paths([])).toEqual([]);
    expect(paths(["subscriber"])).toEqual([]);
    expect(paths(["b2b"])).toEqual(["/b2b"]);
    expect(paths(["companyAdmin"])).toEqual(["/b2b"]);
    expect(paths(["admin"])).toEqual(["/admin"]);
    expect(paths(["b2b", "companyAdmin", "admin"])).toEqual(["/b2b", "/admin"]);
  });

  it("marks the area a page belongs to", () => {
    expect(activeRoleMenuKey("/admin/users")).toBe("admin");
    expect(activeRoleMenuKey("/b2b")).toBe("b2b");
    expect(activeRoleMenuKey("/dashboard/inventory")).toBeNull();
  });
});
