import { useLocation, useParams } from "react-router";
import { type CategoryKey, categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { categoryLabelKey } from "../../../domain/sections/labels.ts";
import type { AssignedType } from "../../../domain/sections/modules.ts";
import { type CategoryDef, RECORD_MODULES, type RecordModule } from "../../../domain/sections/types.ts";

export function isRecordModule(value: unknown): value is RecordModule {
  return typeof value === "string" && (RECORD_MODULES as readonly string[]).includes(value);
}

/** The module of a /dashboard/<module>/... path, or undefined. */
export function moduleOfPath(pathname: string): RecordModule | undefined {
  const segment = pathname.split("/")[2];
  return isRecordModule(segment) ? segment : undefined;
}

/** The category of the module named in the path, or undefined (an unknown or foreign category). */
export function categoryIn(module: RecordModule, category: string | undefined): CategoryDef | undefined {
  if (!isCategoryKey(category)) return undefined;
  const def = categoryDef(category as CategoryKey);
  return def.module === module ? def : undefined;
}

/** Where a record page is: its module (from the path) and category (from `:category`). */
export function useRecordPlace(): { module: RecordModule; category: CategoryDef | undefined } {
  const { pathname } = useLocation();
  const { category } = useParams();
  const module = moduleOfPath(pathname) ?? RECORD_MODULES[0];
  return { module, category: categoryIn(module, category) };
}

/** The i18n key of a category's label (`sections:category.*`). */
export function categoryTitleKey(category: CategoryDef): string {
  return categoryLabelKey(category.key as AssignedType);
}
