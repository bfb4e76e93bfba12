import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import {
  scopeIncludesCategory,
  scopeIncludesDocument,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { isCategoryKey } from "../../../domain/sections/index.ts";

/**
 * Which of the owner's routes a collaborator's scope opens, by the route's path after
 * `/api/files/:ownerId`: a record category's routes when the scope holds it (a module's count only
 * when it holds the whole module), persons, addresses and institutions with the personal network,
 * and documents filed under a shared category or module. Anything else stays closed.
 */
export function scopeOpens(
  scope: CollaboratorScope,
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
    case "address":
    case "institutions":
      return sharesWholeNetwork(scope);
    case "documents":
      if (params.module === undefined) return false;
      if (params.type === undefined)
        return route.endsWith("/count") && (scope.modules as readonly string[]).includes(params.module);
      return scopeIncludesDocument(scope, params.module, params.type);
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
