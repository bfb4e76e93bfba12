import type { CollaboratorScope } from "../../../domain/schemas/collaborator.ts";
import { isCategoryShared, sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import { categoryDef } from "../../../domain/sections/index.ts";
import type { KindRoutes } from "../../file/kind.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import { type ScopedFile, scopeInclude } from "../sharing/index.ts";
import { isSubjectRoute } from "./file-subjects.ts";

/** Each route area of the owner's file, with the rule of the kind whose routes it holds. */
const KIND_AREAS = new Map<string, KindRoutes>(
  FILE_KINDS.flatMap(({ routes }) =>
    routes === undefined ? [] : routes.areas.map((area) => [area, routes]),
  ),
);

/**
 * Which of the owner's routes a collaborator's scope opens, by the route's path after
 * `/api/files/:ownerId`: a kind's routes as the kind says (`routes` in server/file/kinds.ts: a
 * record category's with the category, persons with the personal network...), and the
 * collaboration's own: the binder, search, reminders and the home (the lists of the whole file
 * answer within the scope, `request.fileOwner.scope`). The routes whose path does not name their
 * subject (a document's save, a record's documents, comments) open here and are held to the scope
 * once their subject is read (file-subjects.ts). Anything else stays closed.
 */
export function scopeOpens(
  scope: CollaboratorScope,
  method: string,
  route: string,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (isSubjectRoute(route)) return true;
  const [, area = "", first] = route.split("/");
  const kind = KIND_AREAS.get(area);
  if (kind !== undefined) return kind.opens(scope, { method, route, params });
  switch (area) {
    case "binder":
      // Every scope has its binder: what it covers (file-binder.ts).
      return first === undefined;
    case "search":
      // Every collaboration searches, and finds only what its scope covers (search/search.ts).
      return true;
    case "reminders":
      return true;
    case "home":
      return route === "/home" || (params.category !== undefined && isCategoryShared(scope, params.category));
    default:
      return false;
  }
}

/** Whether a module's binder asks for a module the scope opens nothing of. */
export function opensModule(scope: CollaboratorScope, module: string): boolean {
  return module === "personal-network"
    ? sharesWholeNetwork(scope)
    : (scope.modules as readonly string[]).includes(module) ||
        scope.categories.some((category) => categoryDef(category).module === module);
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
