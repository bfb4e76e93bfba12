import { sharedCategories, sharesWholeNetwork } from "../../domain/schemas/share.ts";
import type { KindRoutes } from "./kind.ts";

/**
 * The routes of a kind records point at (an address, an institution), under `area`: the whole
 * personal network opens them all; any record category opens reading and adding them, so that a
 * record can be read and saved, but not deleting, exporting or importing them (CSV, vCard).
 */
export function referenceRoutes(area: string): KindRoutes {
  return {
    areas: [area],
    opens: (scope, { method, route }) =>
      sharesWholeNetwork(scope) ||
      (sharedCategories(scope).length > 0 &&
        method !== "DELETE" &&
        !route.endsWith("/csv") &&
        !route.includes("/vcard")),
  };
}
