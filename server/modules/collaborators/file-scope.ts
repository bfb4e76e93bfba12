import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import {
  isCategoryShared,
  scopeIncludesDocument,
  sharedCategories,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { isSubjectRoute } from "./file-subjects.ts";

/**
 * Which of the owner's routes a collaborator's scope opens, by the route's path after
 * `/api/files/:ownerId`: a record category's routes when the scope holds it (a module's count only
 * when it holds the whole module), persons with the personal network, addresses and institutions
 * also as records' references, and documents filed under a shared category or module. The routes
 * whose path does not name their subject (a document's save, a record's documents, comments) open
 * here and are held to the scope once their subject is read (file-subjects.ts); the lists of the
 * whole file (documents on records, reminders, the home) answer within the scope
 * (`request.fileOwner.scope`). Anything else stays closed.
 */
export function scopeOpens(
  scope: CollaboratorScope,
  method: string,
  route: string,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (isSubjectRoute(route)) return true;
  const [, area, first, second] = route.split("/");
  switch (area) {
    case "records":
      if (first === undefined || second === undefined) return false;
      if (second === "count") return (scope.modules as readonly string[]).includes(first);
      return isCategoryShared(scope, second);
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
      if (route === "/documents/on-records") return sharedCategories(scope).length > 0;
      if (params.module === undefined) return false;
      if (params.type === undefined)
        return route.endsWith("/count") && (scope.modules as readonly string[]).includes(params.module);
      return scopeIncludesDocument(scope, params.module, params.type);
    case "reminders":
      return true;
    case "home":
      return route === "/home" || (params.category !== undefined && isCategoryShared(scope, params.category));
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
