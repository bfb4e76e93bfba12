/**
 * Relationship groups and types of the spec's section 3, in its verbatim order, with the
 * Immediate Family Tree subsets. Labels live in the `catalog` namespace; types share one flat
 * label table (`relationshipType.<type>`), since a type has the same label in every group.
 */
export const PERSON_GROUPS = [
  "advisor",
  "child",
  "dependent",
  "networkperson",
  "officenetworkperson",
  "partner",
  "relative",
  "me",
] as const;
export type PersonGroup = (typeof PERSON_GROUPS)[number];

/** Groups whose person record carries the full card (section 9 "Person groups"), the owner first. */
export const PERSON_CARD_GROUPS = [
  "me",
  "partner",
  "child",
  "dependent",
  "advisor",
] as const satisfies readonly PersonGroup[];
export type PersonCardGroup = (typeof PERSON_CARD_GROUPS)[number];

/** The owner's own record: group fixed, no type, cannot be deleted. */
export const OWN_GROUP = "me" satisfies PersonGroup;

export const RELATIONSHIP_TYPES_BY_GROUP = {
  advisor: [
    "accountant",
    "banker",
    "executor",
    "financial",
    "insurance",
    "investment",
    "lawyer",
    "legal",
    "spiritual",
    "trustee",
    "other",
  ],
  child: ["daughter", "son"],
  dependent: [
    "aunt",
    "brother",
    "cousin",
    "daughter",
    "father",
    "friend",
    "grandfather",
    "grandmother",
    "husband",
    "mother",
    "nephew",
    "niece",
    "partner",
    "sister",
    "son",
    "spouse",
    "uncle",
    "wife",
    "other",
  ],
  networkperson: [
    "conditioner",
    "architect",
    "carinsurance",
    "carmechanic",
    "dentist",
    "designer",
    "electrician",
    "familydoctor",
    "furnacetech",
    "gardener",
    "homeinsurance",
    "ittech",
    "householdrepair",
    "lifeinsurance",
    "bankingcentre",
    "grocerycentre",
    "meatcounter",
    "painter",
    "pharmacist",
    "physician",
    "plumber",
    "roofer",
    "specialist",
    "windows",
    "other",
  ],
  officenetworkperson: [
    "carinsurance",
    "carmechanic",
    "electrician",
    "furnacetech",
    "conditioner",
    "officeinsurance",
    "ittech",
    "officerepair",
    "bankingcentre",
    "painter",
    "other",
  ],
  partner: ["husband", "partner", "spouse", "wife"],
  relative: [
    "aunt",
    "brother",
    "cousin",
    "father",
    "friend",
    "grandfather",
    "grandmother",
    "mother",
    "nephew",
    "niece",
    "sister",
    "uncle",
    "other",
  ],
  me: [],
} as const satisfies Record<PersonGroup, readonly string[]>;

export type RelationshipTypeOf<G extends PersonGroup> = (typeof RELATIONSHIP_TYPES_BY_GROUP)[G][number];
export type RelationshipType = RelationshipTypeOf<PersonGroup>;

/** Every type once, in first-seen order (advisor types first). */
export const RELATIONSHIP_TYPES: readonly RelationshipType[] = [
  ...new Set(PERSON_GROUPS.flatMap((group) => RELATIONSHIP_TYPES_BY_GROUP[group])),
];

/**
 * What the Immediate Family Tree offers: advisor, networkperson and officenetworkperson are
 * absent; relative and dependent are narrowed to the spec's subsets; child and partner keep all.
 */
const FAMILY_TREE_TYPES_BY_GROUP = {
  child: RELATIONSHIP_TYPES_BY_GROUP.child,
  dependent: [
    "brother",
    "daughter",
    "father",
    "grandfather",
    "grandmother",
    "husband",
    "mother",
    "partner",
    "sister",
    "son",
    "wife",
  ],
  partner: RELATIONSHIP_TYPES_BY_GROUP.partner,
  relative: ["brother", "father", "grandfather", "grandmother", "mother", "sister"],
  me: [],
} as const satisfies { [G in PersonGroup]?: readonly RelationshipTypeOf<G>[] };

export type FamilyTreeGroup = keyof typeof FAMILY_TREE_TYPES_BY_GROUP;

/** Family-tree groups in the order of PERSON_GROUPS. */
export const FAMILY_TREE_GROUPS: readonly FamilyTreeGroup[] = PERSON_GROUPS.filter(isFamilyTreeGroup);

export interface RelationshipContext {
  /** True on the Immediate Family Tree page, which offers fewer groups and types. */
  familyTree?: boolean;
}

export function isPersonGroup(value: unknown): value is PersonGroup {
  return typeof value === "string" && (PERSON_GROUPS as readonly string[]).includes(value);
}

export function isPersonCardGroup(value: unknown): value is PersonCardGroup {
  return typeof value === "string" && (PERSON_CARD_GROUPS as readonly string[]).includes(value);
}

export function isFamilyTreeGroup(value: unknown): value is FamilyTreeGroup {
  return typeof value === "string" && Object.hasOwn(FAMILY_TREE_TYPES_BY_GROUP, value);
}

export function isRelationshipType(value: unknown): value is RelationshipType {
  return typeof value === "string" && (RELATIONSHIP_TYPES as readonly string[]).includes(value);
}

/**
 * Groups a Relationship Group select offers. `me` is included so the owner's own form can show
 * its fixed group; the form disables the select for it.
 */
export function groupsFor(context: RelationshipContext = {}): readonly PersonGroup[] {
  return context.familyTree ? FAMILY_TREE_GROUPS : PERSON_GROUPS;
}

/** Types offered for a group, in the spec's order; none for a group the context does not offer. */
export function typesOf<G extends PersonGroup>(
  group: G,
  context: RelationshipContext = {},
): readonly RelationshipTypeOf<G>[] {
  if (!context.familyTree) return RELATIONSHIP_TYPES_BY_GROUP[group];
  if (!isFamilyTreeGroup(group)) return [];
  return FAMILY_TREE_TYPES_BY_GROUP[group] as readonly RelationshipTypeOf<G>[];
}

/** Whether `type` belongs to `group` (in any context); a saved person must satisfy it. */
export function isTypeOfGroup<G extends PersonGroup>(group: G, type: unknown): type is RelationshipTypeOf<G> {
  return typeof type === "string" && (RELATIONSHIP_TYPES_BY_GROUP[group] as readonly string[]).includes(type);
}

/** Relationship Type is required for every group except the owner's own record. */
export function typeRequired(group: PersonGroup): boolean {
  return group !== OWN_GROUP;
}

/** The message when a group's required type is missing (the API's and the contact form's). */
export const TYPE_REQUIRED_MESSAGE = "errors:network.type_required";

export function relationshipGroupLabelKey(group: PersonGroup): `relationshipGroup.${PersonGroup}` {
  return `relationshipGroup.${group}`;
}

export function relationshipTypeLabelKey(type: RelationshipType): `relationshipType.${RelationshipType}` {
  return `relationshipType.${type}`;
}
