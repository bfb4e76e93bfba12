import { useLocation, useParams } from "react-router";
import type { AssignedType } from "../../../domain/sections/assignedTypes.ts";
import { type CategoryKey, categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { categoryLabelKey, categoryOneKey } from "../../../domain/sections/labels.ts";
import { isRecordModule, RECORD_MODULES, type RecordModule } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";

/** The module of a /dashboard/<module>/... path, or undefined. */
function moduleOfPath(pathname: string): RecordModule | undefined {
  const segment = pathname.split("/")[2];
  return isRecordModule(segment) ? segment : undefined;
}

/** The category of the module named in the path, or undefined (an unknown or foreign category). */
function categoryIn(module: RecordModule, category: string | undefined): CategoryDef | undefined {
  if (!isCategoryKey(category)) return undefined;
  const def = categoryDef(category as CategoryKey);
  return def.module === module ? def : undefined;
}

/**
 * Where a record page is: its module (the owner's /dashboard/{module}, or `:module` in a shared
 * file's path) and category (from `:category`).
 */
export function useRecordPlace(): { module: RecordModule; category: CategoryDef | undefined } {
  const { pathname } = useLocation();
  const params = useParams();
  const module = params.module === undefined ? moduleOfPath(pathname) : params.module;
  if (!isRecordModule(module)) return { module: RECORD_MODULES[0], category: undefined };
  return { module, category: categoryIn(module, params.category) };
}

/** The i18n key of one record's name in a category (`sections:categoryOne.*`): a record page's title. */
export function recordTitleKey(category: CategoryDef): string {
  return categoryOneKey(category.key as AssignedType);
}

/** The i18n key of a category's label (`sections:category.*`), the same for its owner and a nominee. */
export function categoryTitleKey(category: CategoryDef): string {
  return categoryLabelKey(category.key as AssignedType);
}
