/**
 * The dashboard's modules (CATALOG.md section 1), each declared once in menu order: its route
 * segment, whether it holds record categories (declared per module in this folder) and whether an
 * account without a subscription may open it (spec section 6). The side menu, the router and the
 * `module` option list are drawn from here.
 */
export const MODULE_DECLARATIONS = [
  { key: "personal-network", records: false, open: true },
  { key: "personaldata", records: true, open: false },
  { key: "household", records: true, open: false },
  { key: "employerinfo", records: true, open: false },
  { key: "inventory", records: true, open: false },
  { key: "assets", records: true, open: false },
  { key: "passwordvault", records: true, open: false },
  { key: "shared-data", records: false, open: true },
] as const;

type ModuleDeclaration = (typeof MODULE_DECLARATIONS)[number];
export type ModuleKey = ModuleDeclaration["key"];
/** The modules that hold record categories. */
export type RecordModule = Extract<ModuleDeclaration, { records: true }>["key"];

export const MODULES: readonly ModuleKey[] = MODULE_DECLARATIONS.map((module) => module.key);

export const RECORD_MODULES = MODULE_DECLARATIONS.flatMap((module) =>
  module.records ? [module.key] : [],
) as [RecordModule, ...RecordModule[]];

/**
 * The Personal Network's own assignedType keys (CATALOG.md section 2): its person groups and the
 * family tree. They are persons (or a view), not record categories, but a document may be filed
 * under any of them.
 */
export const PERSONAL_NETWORK_TYPES = [
  "me",
  "partner",
  "child",
  "dependent",
  "advisor",
  "networkperson",
  "relative",
  "tree",
] as const;
export type PersonalNetworkType = (typeof PERSONAL_NETWORK_TYPES)[number];

export function isRecordModule(value: unknown): value is RecordModule {
  return typeof value === "string" && (RECORD_MODULES as readonly string[]).includes(value);
}
