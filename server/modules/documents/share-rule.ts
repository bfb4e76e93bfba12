import { scopeIncludesDocument, sharedCategories } from "../../../domain/schemas/share.ts";
import type { KindRoutes } from "../../file/kind.ts";
import type { ScopeReadContext, ShareRule } from "../../file/share-rule.ts";
import { documentRepository } from "./repository.ts";

/**
 * A scope covers the documents filed under its modules and categories, and those of its records:
 * attached to one (assignedDocument) or named by one's `documents` field (files attached while the
 * record was being added name no record, so the record's own list is what names them).
 */
export function documentShareRule({ db }: ScopeReadContext): ShareRule {
  const documents = documentRepository(db);
  return {
    after: ["record"],
    async covers(ownerId, scope, { named, rows }) {
      const records = await rows("record");
      const fromRecords = await named();
      const covered = (await documents.placements(ownerId)).filter(
        (row) =>
          scopeIncludesDocument(scope, row.module, row.type) ||
          fromRecords.has(row.id) ||
          (row.assigned_document !== null && (records === "all" || records.has(row.assigned_document))),
      );
      return { rows: new Set(covered.map((row) => row.id)) };
    },
  };
}

/**
 * The documents' routes open by where their path files them: a shared category's or module's type,
 * a module's count with the whole module, and the documents on records with any record category
 * (answered within the scope).
 */
export const documentRouteRule: KindRoutes = {
  areas: ["documents"],
  opens(scope, { route, params }) {
    if (route === "/documents/on-records") return sharedCategories(scope).length > 0;
    if (params.module === undefined) return false;
    if (params.type === undefined)
      return route.endsWith("/count") && (scope.modules as readonly string[]).includes(params.module);
    return scopeIncludesDocument(scope, params.module, params.type);
  },
};
