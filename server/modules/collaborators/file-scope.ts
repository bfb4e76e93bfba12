import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import {
  scopeIncludesCategory,
  scopeIncludesDocument,
  sharedCategories,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { isCategoryKey } from "../../../domain/sections/index.ts";

/**
 * Which of the owner's routes a collaborator's scope opens, by the route's path after
 * `/api/files/:ownerId`: a record category's routes when the scope holds it (a module's count only
 * when it holds the whole module), persons with the personal network, addresses and institutions
 * also as records' references, documents filed under a shared category or module, and search.
 * Anything else stays closed.
 */
export function scopeOpens(
  scope: CollaboratorScope,
  method: string,
  route: string,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  const [, area, first, second] = route.split("/");
  switch (area) {
    case "records":
      if (first === undefined || second === undefined) return false;
      if (second === "count") return (scope.modules as readonly string[]).includes(first);
      return isCategoryKey(second) && scopeIncludesCategory(scope, second);
    case "pn":
      return sharesWholeNetwork(scope);
    case "address":
    case "institutions":
      // What records point at (an insurer, a bank, a place) is read and added with any record
      // category, so that a record can be saved; deleting, exports and imports are the network's.
      return (
        sharesWholeNetwork(scope) ||
        (sharedCategories(scope).length > 0 &&
          method !== "DELETE" &&
          takenOut(route) === null &&
          !route.includes("/vcard"))
      );
    case "documents":
      if (params.module === undefined) return false;
      if (params.type === undefined)
        return route.endsWith("/count") && (scope.modules as readonly string[]).includes(params.module);
      return scopeIncludesDocument(scope, params.module, params.type);
    case "search":
      // Every collaboration searches, and finds only what its scope covers (search/search.ts).
      return true;
    default:
      return false;
  }
}

/** Whether a call asks for secrets in clear (a record's or a person's `reveal`). */
export function asksForSecrets(query: unknown): boolean {
  const reveal = (query as { reveal?: unknown } | undefined)?.reveal;
  return Array.isArray(reveal)
    ? reveal.some((field) => field !== "")
    : typeof reveal === "string" && reveal !== "";
}

/** What a collaborator's successful read takes out of the file, for the owner's activity log. */
export function takenOut(route: string): "download" | "export" | null {
  if (route.includes("/download/")) return "download";
  if (route.endsWith("/csv") || route.endsWith("/vcard")) return "export";
  return null;
}
