import type { TFunction } from "i18next";
import { SHAREABLE_MODULES, type ShareScope } from "../../../domain/schemas/share.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { categoryTitleKey } from "../records/recordPlace.ts";

/**
 * What a scope shares, one line per module in menu order: "Key Document Inventory" when the whole
 * module is shared, "Assets, Insurance & Debts: Insurance Policies, Debts" when only some of its
 * categories are. Needs the `sections` and `sharing` namespaces.
 */
export function scopeLines(scope: ShareScope, t: TFunction): string[] {
  return SHAREABLE_MODULES.flatMap((module) => {
    const label = t(moduleLabelKey(module));
    if (scope.modules.includes(module)) return [label];
    if (module === "personal-network") return [];
    const categories = categoriesOf(module)
      .filter((category) => (scope.categories as readonly string[]).includes(category.key))
      .map((category) => t(categoryTitleKey(category)));
    return categories.length === 0
      ? []
      : [t("sharing:scope.withCategories", { module: label, categories: categories.join(", ") })];
  });
}
