import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import { PERSONAL_NETWORK_PATH } from "../../session/homeRoute.ts";

/*
 * The Personal Network's sub-routes. Only path strings and plain data live here: the router
 * imports this file into the start-up bundle.
 */

export const PERSONAL_DETAILS_SEGMENT = "personal-details";
export const FAMILY_TREE_SEGMENT = "immediate-family-tree";

/** How a group's list is shown: person cards in a grid, or rows under column headers. */
export type ListLayout = "cards" | "rows";

export interface ListSection {
  /** The path segment under /dashboard/personal-network; the group's key, as the spec names it. */
  segment: string;
  group: Exclude<PersonGroup, "me">;
  layout: ListLayout;
  /** Spec: advisor cards show no avatar. */
  avatar: boolean;
}

export const LIST_SECTIONS = [
  { segment: "partner", group: "partner", layout: "cards", avatar: true },
  { segment: "child", group: "child", layout: "cards", avatar: true },
  { segment: "dependent", group: "dependent", layout: "cards", avatar: true },
  { segment: "advisor", group: "advisor", layout: "cards", avatar: false },
  { segment: "networkperson", group: "networkperson", layout: "rows", avatar: false },
  { segment: "officenetworkperson", group: "officenetworkperson", layout: "rows", avatar: false },
  { segment: "relative", group: "relative", layout: "rows", avatar: false },
] as const satisfies readonly ListSection[];

export function sectionPath(segment: string): string {
  return `${PERSONAL_NETWORK_PATH}/${segment}`;
}
