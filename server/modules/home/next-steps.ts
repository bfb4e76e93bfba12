import type { NextStep } from "../../../domain/schemas/home.ts";
import { type CategoryKey, categoryDef } from "../../../domain/sections/index.ts";

/** At most this many steps: a short list to start from, not a checklist of the whole file. */
export const NEXT_STEPS_SHOWN = 4;

/** What the next steps are computed from: the state of one owner's file. */
export type FileState = {
  /** The owner's own "me" person, whose form the first steps open; null before it exists. */
  ownPersonId: string | null;
  /** The "me" record has more than the name the sign-up gave it. */
  detailsGiven: boolean;
  emergencyContact: boolean;
  nominees: number;
  /** Records per category. */
  counts: ReadonlyMap<string, number>;
  /** Categories marked "I don't have this". */
  notApplicable: ReadonlySet<string>;
  binderMadeAt: number | null;
};

/** The categories a family needs first when something happens, most needed first. */
const ESSENTIAL_CATEGORIES: readonly CategoryKey[] = ["will", "poahealth", "poafinances"];

function categoryStep(key: CategoryKey): NextStep {
  return { kind: "category", module: categoryDef(key).module, category: key };
}

/**
 * The most useful next steps for a file, in order: who you are, your will and powers of attorney,
 * who to call in an emergency, someone to share the file with, then a binder once there is
 * something in it. A category marked "I don't have this" is never suggested, nor a step `within`
 * leaves out (what a collaborator's scope does not open).
 */
export function nextSteps(file: FileState, within: (step: NextStep) => boolean = () => true): NextStep[] {
  const open = (key: CategoryKey) => (file.counts.get(key) ?? 0) === 0 && !file.notApplicable.has(key);
  const hasRecords = [...file.counts.values()].some((count) => count > 0);
  const own = file.ownPersonId === null ? {} : { personId: file.ownPersonId };
  const steps: (NextStep | false)[] = [
    !file.detailsGiven && { kind: "personalDetails", ...own },
    ...ESSENTIAL_CATEGORIES.map((key) => open(key) && categoryStep(key)),
    !file.emergencyContact && { kind: "emergencyContact", ...own },
    file.nominees === 0 && { kind: "nominee" },
    hasRecords && file.binderMadeAt === null && { kind: "binder" },
  ];
  return steps.filter((step): step is NextStep => step !== false && within(step)).slice(0, NEXT_STEPS_SHOWN);
}
