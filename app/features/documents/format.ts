import { ASSIGNED_TYPE_MODULES, type AssignedType } from "../../../domain/sections/assignedTypes.ts";
import { categoryLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { MODULES, type ModuleKey } from "../../../domain/sections/modules.ts";

/** The `sections` key of an assigned module, or null for a value no declaration knows. */
export function assignedModuleKey(module: string | null): string | null {
  if (!module || !(MODULES as readonly string[]).includes(module)) return null;
  return moduleLabelKey(module as ModuleKey);
}

export function assignedTypeKey(type: string | null): string | null {
  if (!type || !Object.hasOwn(ASSIGNED_TYPE_MODULES, type)) return null;
  return categoryLabelKey(type as AssignedType);
}
