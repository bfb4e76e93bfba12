/**
 * i18n keys of the `sections` namespace (public/locales/{lng}/sections.json), written with their
 * namespace ("sections:category.passport") so any screen can translate them.
 */

import type { AssignedType } from "./assignedTypes.ts";
import { isCommonField } from "./define.ts";
import type { ModuleKey } from "./modules.ts";

/** The label of the free-text field an `other` option reveals. */
export const FIELD_OTHER_LABEL_KEY = "sections:fieldOther";

export function moduleLabelKey(module: ModuleKey): string {
  return `sections:module.${module}`;
}

export function categoryLabelKey(category: AssignedType): string {
  return `sections:category.${category}`;
}

/** The name of one record of the category ("Passport"), for the pages of a single record. */
export function categoryOneKey(category: AssignedType): string {
  return `sections:categoryOne.${category}`;
}

/** A field's form label; `notes` and `documents` read the same in every category. */
export function fieldLabelKey(category: string, field: string): string {
  return isCommonField(field) ? `sections:field.common.${field}` : `sections:field.${category}.${field}`;
}

/** One line on what belongs in a record category, for its card on the module page. */
export function categoryDescriptionKey(category: string): string {
  return `sections:categoryDescription.${category}`;
}
