import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import {
  isCategoryShared,
  scopeIncludesDocument,
  sharedCategories,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import { type ScopedFile, scopeInclude } from "../sharing/index.ts";

/**
 * The scope's rule of the routes below, part by part; what a collaborator's binder reads of the
 * file is what the scope covers (`scopeShows`).
 */
const opens = {
  network: (scope: CollaboratorScope) => sharesWholeNetwork(scope),
  // What records point at (an insurer, a bank, a place) comes with any record category, so that
  // a record can be read and saved.
  references: (scope: CollaboratorScope) => sharesWholeNetwork(scope) || sharedCategories(scope).length > 0,
  category: (scope: CollaboratorScope, category: string) => isCategoryShared(scope, category),
  module: (scope: CollaboratorScope, module: string) =>
    module === "personal-network"
      ? sharesWholeNetwork(scope)
      : (scope.modules as readonly string[]).includes(module) ||
        scope.categories.some((category) => categoryDef(category).module === module),
  documents: (scope: CollaboratorScope, module: string, type: string) =>
    scopeIncludesDocument(scope, module, type),
};

import { isSubjectRoute } from "./file-subjects.ts";

/**
 * Which of the owner's routes a collaborator's scope opens, by the route's path after
 * `/api/files/:ownerId`: a record category's routes when the scope holds it (a module's count only
 * when it holds the whole module), persons with the personal network, addresses and institutions
 * also as records' references, documents filed under a shared category or module, the binder and
 * search. The routes whose path does not name their subject (a document's save, a record's
 * documents, comments) open here and are held to the scope once their subject is read
 * (file-subjects.ts); the lists of the whole file (documents on records, reminders, the home)
 * answer within the scope (`request.fileOwner.scope`). Anything else stays closed.
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
      return opens.category(scope, second);
    case "pn":
      return opens.network(scope);
    case "address":
    case "institutions":
      // Deleting, exports and imports are the network's; reading and adding, any record's.
      return (
        opens.network(scope) ||
        (opens.references(scope) &&
          method !== "DELETE" &&
          takenOut(route) === null &&
          !route.includes("/vcard"))
      );
    case "documents":
      if (route === "/documents/on-records") return sharedCategories(scope).length > 0;
      if (params.module === undefined) return false;
      if (params.type === undefined)
        return route.endsWith("/count") && (scope.modules as readonly string[]).includes(params.module);
      return opens.documents(scope, params.module, params.type);
    case "binder":
      // Every scope has its binder: what it opens, read through `scopeShows`.
      return first === undefined;
    case "search":
      // Every collaboration searches, and finds only what its scope covers (search/search.ts).
      return true;
    case "reminders":
      return true;
    case "home":
      return route === "/home" || (params.category !== undefined && opens.category(scope, params.category));
    default:
      return false;
  }
}

/** Whether a module's binder asks for a module the scope opens nothing of. */
export function opensModule(scope: CollaboratorScope, module: string): boolean {
  return opens.module(scope, module);
}

/** The kinds of the personal network, whose routes the whole network opens to every row. */
const NETWORK_KINDS = new Set(FILE_KINDS.flatMap((kind) => (kind.inPersonalNetwork ? [kind.kind] : [])));

/**
 * What a collaborator's binder reads of the owner's file: what the scope covers, as a nominee's
 * (the records of its categories, the persons, addresses and institutions they name), and with the
 * whole personal network every row of its kinds, as the routes above open them all.
 */
export async function scopeShows(
  scopes: FileScopes,
  file: ScopedFile,
): Promise<(subject: SnapshotSubject) => boolean> {
  const covered = await scopeInclude(scopes, file);
  const wholeNetwork = sharesWholeNetwork(file.scope);
  return (subject) => covered(subject) || (wholeNetwork && NETWORK_KINDS.has(subject.kind));
}

/** Whether a call asks for secrets in clear (a record's or a person's `reveal`, a binder's `secrets`). */
export function asksForSecrets(query: unknown): boolean {
  const { reveal, secrets } = (query ?? {}) as { reveal?: unknown; secrets?: unknown };
  if (secrets === "true") return true;
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
