import type { FamilyTreeGroup } from "./catalog/relationships.ts";
import type { PersonListItem } from "./schemas/person.ts";

/*
 * Who stands where in the Immediate Family Tree. The tree is the owner's side only: grandparents,
 * parents, the owner with siblings and partners, then children. Relatives appear with the spec's
 * tree types; a dependent appears in the generation its type names, and one whose type names no
 * generation (friend, other) in a row of its own below.
 */

/** The groups the tree is drawn from (spec: never advisors or network circles). */
export const TREE_GROUPS = [
  "me",
  "partner",
  "child",
  "dependent",
  "relative",
] as const satisfies readonly FamilyTreeGroup[];

export interface FamilyTree {
  grandparents: PersonListItem[];
  parents: PersonListItem[];
  /** Left of the owner. */
  siblings: PersonListItem[];
  me: PersonListItem | null;
  /** Right of the owner. */
  partners: PersonListItem[];
  children: PersonListItem[];
  otherDependents: PersonListItem[];
}

type Slot = Exclude<keyof FamilyTree, "me">;

const RELATIVE_SLOTS: Readonly<Record<string, Slot>> = {
  grandfather: "grandparents",
  grandmother: "grandparents",
  father: "parents",
  mother: "parents",
  brother: "siblings",
  sister: "siblings",
};

const DEPENDENT_SLOTS: Readonly<Record<string, Slot>> = {
  ...RELATIVE_SLOTS,
  aunt: "parents",
  uncle: "parents",
  cousin: "siblings",
  husband: "partners",
  wife: "partners",
  partner: "partners",
  spouse: "partners",
  son: "children",
  daughter: "children",
  nephew: "children",
  niece: "children",
};

function slotOf(person: PersonListItem): Slot | "me" | null {
  switch (person.group) {
    case "me":
      return "me";
    case "partner":
      return "partners";
    case "child":
      return "children";
    case "relative":
      return RELATIVE_SLOTS[person.type ?? ""] ?? null;
    case "dependent":
      return DEPENDENT_SLOTS[person.type ?? ""] ?? "otherDependents";
    default:
      return null;
  }
}

/** Eldest first; people without a birthday after those with one, then by name. */
function byAgeThenName(a: PersonListItem, b: PersonListItem): number {
  const [ba, bb] = [a.mainDetails.birthday, b.mainDetails.birthday];
  if (ba !== bb) {
    if (ba === null) return 1;
    if (bb === null) return -1;
    return ba - bb;
  }
  return `${a.mainDetails.firstName} ${a.mainDetails.lastName ?? ""}`.localeCompare(
    `${b.mainDetails.firstName} ${b.mainDetails.lastName ?? ""}`,
  );
}

export function buildFamilyTree(persons: readonly PersonListItem[]): FamilyTree {
  const tree: FamilyTree = {
    grandparents: [],
    parents: [],
    siblings: [],
    me: null,
    partners: [],
    children: [],
    otherDependents: [],
  };
  for (const person of persons) {
    const slot = slotOf(person);
    if (slot === "me") tree.me = person;
    else if (slot !== null) tree[slot].push(person);
  }
  for (const slot of [
    "grandparents",
    "parents",
    "siblings",
    "partners",
    "children",
    "otherDependents",
  ] as const) {
    tree[slot].sort(byAgeThenName);
  }
  return tree;
}
