import { useMatches } from "react-router";
import {
  FAMILY_TREE_SEGMENT,
  LIST_SECTIONS,
  type ListSection,
  PERSONAL_DETAILS_SEGMENT,
} from "./sections.ts";

/** Which part of the Personal Network a route shows; set in the route's handle (routes.ts). */
export type NetworkPlace = { kind: "list"; section: ListSection } | { kind: "me" } | { kind: "tree" };

export interface NetworkHandle {
  titleKey: string;
  networkSegment: string;
}

function isNetworkHandle(handle: unknown): handle is NetworkHandle {
  return typeof handle === "object" && handle !== null && "networkSegment" in handle;
}

function placeOf(segment: string): NetworkPlace | null {
  if (segment === PERSONAL_DETAILS_SEGMENT) return { kind: "me" };
  if (segment === FAMILY_TREE_SEGMENT) return { kind: "tree" };
  const section = LIST_SECTIONS.find((candidate) => candidate.segment === segment);
  return section ? { kind: "list", section } : null;
}

/** The Personal Network place of the current route. */
export function useNetworkPlace(): NetworkPlace {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isNetworkHandle(handle)) {
      const place = placeOf(handle.networkSegment);
      if (place) return place;
    }
  }
  throw new Error("A Personal Network page is routed without its section (see routes.ts).");
}
