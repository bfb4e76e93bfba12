/**
 * The modules of CATALOG.md section 1 (the dashboard's route segments) and the 59 assignedType keys
 * of section 2, each placed in exactly one module. Record categories are declared per module in
 * this folder; the eight Personal Network keys are persons (or, for `tree`, a view) with their own
 * records, listed here because a document may be filed under any of the 59.
 */
export const MODULES = [
  "personal-network",
  "personaldata",
  "household",
  "employerinfo",
  "inventory",
  "assets",
  "passwordvault",
  "shared-data",
] as const;
export type ModuleKey = (typeof MODULES)[number];

/** Every assignedType with its module, in CATALOG.md section 2 order. */
export const ASSIGNED_TYPE_MODULES = {
  me: "personal-network",
  partner: "personal-network",
  child: "personal-network",
  dependent: "personal-network",
  advisor: "personal-network",
  networkperson: "personal-network",
  relative: "personal-network",
  tree: "personal-network",
  permanentresident: "personaldata",
  passport: "personaldata",
  healthcard: "personaldata",
  driverlicence: "personaldata",
  medicalhistory: "personaldata",
  religious: "personaldata",
  owned: "household",
  rental: "household",
  setup: "household",
  bill: "household",
  safety: "household",
  maintenance: "household",
  annualmaintenance: "household",
  vehicle: "household",
  pet: "household",
  school: "household",
  outschool: "household",
  curricular: "household",
  caregiver: "household",
  religiouscenter: "household",
  employment: "employerinfo",
  employmentincome: "employerinfo",
  payroll: "employerinfo",
  benefits: "employerinfo",
  shares: "employerinfo",
  documentlibrary: "inventory",
  will: "inventory",
  poahealth: "inventory",
  poafinances: "inventory",
  livingwill: "inventory",
  guardian: "inventory",
  trustee: "inventory",
  safetybox: "inventory",
  storagebox: "inventory",
  funeralhome: "inventory",
  tocontact: "inventory",
  nottocontact: "inventory",
  asset: "assets",
  investment: "assets",
  pensionplan: "assets",
  ownership: "assets",
  personalassets: "assets",
  business: "assets",
  inheritance: "assets",
  insurance: "assets",
  liability: "assets",
  creditcard: "assets",
  password: "passwordvault",
  socialmedia: "passwordvault",
  flyernumbers: "passwordvault",
  keylock: "passwordvault",
} as const satisfies Record<string, ModuleKey>;
export type AssignedType = keyof typeof ASSIGNED_TYPE_MODULES;

export const ASSIGNED_TYPES = Object.keys(ASSIGNED_TYPE_MODULES) as AssignedType[];

export function isModuleKey(value: unknown): value is ModuleKey {
  return typeof value === "string" && (MODULES as readonly string[]).includes(value);
}

export function isAssignedType(value: unknown): value is AssignedType {
  return typeof value === "string" && Object.hasOwn(ASSIGNED_TYPE_MODULES, value);
}
