/**
 * The 59 assignedType keys of CATALOG.md section 2, each in exactly one module: the Personal
 * Network's own, then every declared record category. Derived, never listed: a new category is a
 * new assignedType by its declaration alone.
 */
import { CATEGORIES, type CategoryKey } from "./index.ts";
import { type ModuleKey, PERSONAL_NETWORK_TYPES, type PersonalNetworkType } from "./modules.ts";

export type AssignedType = PersonalNetworkType | CategoryKey;

/** Every assignedType with its module, in CATALOG.md section 2 order. */
export const ASSIGNED_TYPE_MODULES: Readonly<Record<AssignedType, ModuleKey>> = Object.fromEntries([
  ...PERSONAL_NETWORK_TYPES.map((type) => [type, "personal-network"] as const),
  ...CATEGORIES.map((category) => [category.key, category.module] as const),
]) as Record<AssignedType, ModuleKey>;

export const ASSIGNED_TYPES = Object.keys(ASSIGNED_TYPE_MODULES) as AssignedType[];

export function isAssignedType(value: unknown): value is AssignedType {
  return typeof value === "string" && Object.hasOwn(ASSIGNED_TYPE_MODULES, value);
}
