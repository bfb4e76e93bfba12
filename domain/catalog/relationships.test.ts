import { describe, expect, it } from "vitest";
import {
  FAMILY_TREE_GROUPS,
  groupsFor,
  isFamilyTreeGroup,
  isPersonCardGroup,
  isPersonGroup,
  isRelationshipType,
  isTypeOfGroup,
  PERSON_CARD_GROUPS,
  PERSON_GROUPS,
  type PersonGroup,
  RELATIONSHIP_TYPES,
  RELATIONSHIP_TYPES_BY_GROUP,
  relationshipGroupLabelKey,
  relationshipTypeLabelKey,
  typeRequired,
  typesOf,
} from "./relationships.ts";

// Verbatim from the product spec, section 3 "Relationship groups" and "Relationship types by group".
const SPEC_GROUPS = "advisor, child, dependent, networkperson, officenetworkperson, partner, relative, me";
const SPEC_TYPES = `
- child: daughter, son.
- partner: husband, partner, spouse, wife.
- advisor: accountant, banker, executor, financial, insurance, investment, lawyer, legal, spiritual, trustee, other.
- relative: aunt, brother, cousin, father, friend, grandfather, grandmother, mother, nephew, niece, sister, uncle, other. In the family tree only brother, father, grandfather, grandmother, mother, sister.
- dependent: aunt, brother, cousin, daughter, father, friend, grandfather, grandmother, husband, mother, nephew, niece, partner, sister, son, spouse, uncle, wife, other. In the family tree: brother, daughter, father, grandfather, grandmother, husband, mother, partner, sister, son, wife.
- networkperson: conditioner, architect, carinsurance, carmechanic, dentist, designer, electrician, familydoctor, furnacetech, gardener, homeinsurance, ittech, householdrepair, lifeinsurance, bankingcentre, grocerycentre, meatcounter, painter, pharmacist, physician, plumber, roofer, specialist, windows, other.
- officenetworkperson: carinsurance, carmechanic, electrician, furnacetech, conditioner, officeinsurance, ittech, officerepair, bankingcentre, painter, other.
`;
// Section 9: "Person groups: me, partner, child, dependent, advisor."
const SPEC_CARD_GROUPS = "me, partner, child, dependent, advisor";

const list = (text: string) => text.split(",").map((word) => word.trim());

function specTypes() {
  const all = new Map<string, string[]>();
  const tree = new Map<string, string[]>();
  for (const line of SPEC_TYPES.trim().split("\n")) {
    const match = /^- (\w+): ([^.]+)\.(?: In the family tree(?: only)?:? ([^.]+)\.)?$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`unparsed spec line: ${line}`);
    all.set(match[1], list(match[2]));
    if (match[3]) tree.set(match[1], list(match[3]));
  }
  return { all, tree };
}

describe("relationship groups", () => {
  it("are the spec's eight groups in its order", () => {
    expect(PERSON_GROUPS).toEqual(list(SPEC_GROUPS));
  });

  it("person-card groups are section 9's person groups", () => {
    expect(PERSON_CARD_GROUPS).toEqual(list(SPEC_CARD_GROUPS));
    expect(isPersonCardGroup("relative")).toBe(false);
    expect(isPersonCardGroup("advisor")).toBe(true);
  });

  it("the family tree never offers advisor, networkperson or officenetworkperson", () => {
    expect(groupsFor({ familyTree: true })).toEqual(["child", "dependent", "partner", "relative", "me"]);
    expect(FAMILY_TREE_GROUPS).toEqual(groupsFor({ familyTree: true }));
    for (const group of ["advisor", "networkperson", "officenetworkperson"] as const) {
      expect(isFamilyTreeGroup(group)).toBe(false);
      expect(typesOf(group, { familyTree: true })).toEqual([]);
    }
  });

  it("outside the tree every group is offered", () => {
    expect(groupsFor()).toEqual(PERSON_GROUPS);
    expect(groupsFor({ familyTree: false })).toEqual(PERSON_GROUPS);
  });

  it("guards accept only known groups", () => {
    expect(isPersonGroup("relative")).toBe(true);
    expect(isPersonGroup("tree")).toBe(false);
    expect(isPersonGroup(undefined)).toBe(false);
  });
});

describe("relationship types", () => {
  const { all, tree } = specTypes();

  it("each group offers the spec's types in verbatim order", () => {
    for (const group of PERSON_GROUPS) {
      expect(typesOf(group), group).toEqual(all.get(group) ?? []);
    }
    expect(Object.keys(RELATIONSHIP_TYPES_BY_GROUP).sort()).toEqual([...PERSON_GROUPS].sort());
  });

  it("the family tree narrows relative and dependent to the spec's subsets and keeps child and partner whole", () => {
    expect(typesOf("relative", { familyTree: true })).toEqual(tree.get("relative"));
    expect(typesOf("dependent", { familyTree: true })).toEqual(tree.get("dependent"));
    expect(typesOf("child", { familyTree: true })).toEqual(all.get("child"));
    expect(typesOf("partner", { familyTree: true })).toEqual(all.get("partner"));
    expect(typesOf("me", { familyTree: true })).toEqual([]);
  });

  it("tree subsets are subsets of their group's types", () => {
    for (const group of FAMILY_TREE_GROUPS) {
      for (const type of typesOf(group, { familyTree: true })) expect(isTypeOfGroup(group, type)).toBe(true);
    }
  });

  it("checks a type against its group", () => {
    expect(isTypeOfGroup("partner", "wife")).toBe(true);
    expect(isTypeOfGroup("child", "wife")).toBe(false);
    expect(isTypeOfGroup("officenetworkperson", "officerepair")).toBe(true);
    expect(isTypeOfGroup("networkperson", "officerepair")).toBe(false);
    expect(isTypeOfGroup("me", "other")).toBe(false);
    expect(isTypeOfGroup("advisor", 3)).toBe(false);
  });

  it("knows every type once", () => {
    const union = new Set([...all.values()].flat());
    expect(new Set(RELATIONSHIP_TYPES)).toEqual(union);
    expect(RELATIONSHIP_TYPES).toHaveLength(union.size);
    expect(isRelationshipType("grandmother")).toBe(true);
    expect(isRelationshipType("stepfather")).toBe(false);
  });

  it("a type is required for every group except me", () => {
    const required = PERSON_GROUPS.filter(typeRequired);
    expect(required).toEqual(PERSON_GROUPS.filter((group: PersonGroup) => group !== "me"));
    expect(typeRequired("me")).toBe(false);
  });

  it("labels live in one flat table per kind", () => {
    expect(relationshipGroupLabelKey("partner")).toBe("relationshipGroup.partner");
    expect(relationshipTypeLabelKey("husband")).toBe("relationshipType.husband");
  });
});
