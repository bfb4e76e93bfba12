import { isCategoryShared, sharedCategories } from "../../../domain/schemas/share.ts";
import { isCategoryKey, referenceFields } from "../../../domain/sections/index.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { KindRoutes } from "../../file/kind.ts";
import type { ScopeReadContext, ShareRule } from "../../file/share-rule.ts";
import { idsOf } from "./body.ts";
import { openRecordBody } from "./reader.ts";
import { targetOf } from "./references.ts";
import { recordRepository } from "./repository.ts";

/** What a record's reference fields name, by the kind of row each points at. */
export function namedByRecord(category: string, body: RecordBody): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  if (!isCategoryKey(category)) return named;
  for (const field of referenceFields(category)) {
    const kind = targetOf(field);
    if (kind === undefined) continue;
    const ids = named.get(kind) ?? new Set<string>();
    for (const id of idsOf(body[field.key])) ids.add(id);
    named.set(kind, ids);
  }
  return named;
}

/**
 * A scope covers the records of its categories (a module shared whole shares all of its), and with
 * them the persons, addresses, institutions and documents they name; records they name are not.
 */
export function recordShareRule({ db, dataKeys }: ScopeReadContext): ShareRule {
  const records = recordRepository(db);
  return {
    async covers(ownerId, scope) {
      const rows = new Set<string>();
      const names = new Map<string, Set<string>>();
      const shared = await records.listInCategories(ownerId, sharedCategories(scope));
      const bodies = await Promise.all(shared.map((row) => openRecordBody(dataKeys, row)));
      for (const [index, row] of shared.entries()) {
        rows.add(row.id);
        for (const [kind, ids] of namedByRecord(row.category, bodies[index] ?? {})) {
          if (kind === "record") continue;
          const all = names.get(kind) ?? new Set<string>();
          for (const named of ids) all.add(named);
          names.set(kind, all);
        }
      }
      return { rows, names };
    },
  };
}

/** A category's routes open with the category; a module's count only with the whole module. */
export const recordRouteRule: KindRoutes = {
  areas: ["records"],
  opens(scope, { route }) {
    const [, , module, category] = route.split("/");
    if (module === undefined || category === undefined) return false;
    if (category === "count") return (scope.modules as readonly string[]).includes(module);
    return isCategoryShared(scope, category);
  },
};
