import type { Kysely } from "kysely";
import type { Home, HomeModule, NextStep } from "../../../domain/schemas/home.ts";
import { isCategoryShared, type ShareScope, sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import { categoriesOf, categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { RECORD_MODULES, type RecordModule } from "../../../domain/sections/modules.ts";
import type { FileAccess } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { lastWholeBinderAt } from "../activity/index.ts";
import { ownPersonProgress } from "../persons/index.ts";
import type { ListCache } from "../records/index.ts";
import { recordReader } from "../records/index.ts";
import { upcomingReminders } from "../reminders/index.ts";
import { nomineeCounts } from "../sharing/index.ts";
import { nextSteps } from "./next-steps.ts";
import { notApplicableRepository } from "./repository.ts";

/** A module's categories as the home counts them, from the declarations (those `holds` keeps). */
function moduleProgress(
  module: RecordModule,
  counts: Record<string, number>,
  notApplicable: ReadonlySet<string>,
  holds: (category: string) => boolean,
): HomeModule {
  const categories = categoriesOf(module)
    .filter((category) => holds(category.key))
    .map((category) => ({
      key: category.key,
      count: counts[category.key] ?? 0,
      notApplicable: notApplicable.has(category.key),
    }));
  return {
    module,
    filled: categories.filter((category) => category.count > 0).length,
    // A category holding records counts, marked or not: what is in the file is never left out.
    total: categories.filter((category) => category.count > 0 || !category.notApplicable).length,
    categories,
  };
}

/**
 * A collaborator's next steps: those in their scope (the owner's own person's only with the
 * personal network; nominees and binders are the owner's).
 */
function stepWithin(scope: ShareScope): (step: NextStep) => boolean {
  return (step) =>
    step.kind === "category"
      ? step.category !== undefined && isCategoryShared(scope, step.category)
      : (step.kind === "personalDetails" || step.kind === "emergencyContact") && sharesWholeNetwork(scope);
}

/** The one category a mark names: declared, and in the module the address names (404 otherwise). */
function declaredCategory(module: RecordModule, category: string): string {
  if (!isCategoryKey(category) || categoryDef(category).module !== module) throw new AppError("not_found");
  return category;
}

/**
 * The home screen's answer, read from the owner's file by each module's public face, and the
 * owner's "I don't have this" marks.
 */
export function createHomeService(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  listCache: ListCache;
  clock: () => number;
}) {
  const { db, dataKeys, clock } = options;
  const records = recordReader({ db, dataKeys, listCache: options.listCache });
  const marks = notApplicableRepository(db);

  return {
    /** The owner's home, or a collaborator's within their scope and rights (`collaboration`). */
    async home(ownerId: string, collaboration: FileAccess | null = null): Promise<Home> {
      const now = clock();
      const [notApplicable, countsByModule, own, nominees, binderMadeAt, reminders] = await Promise.all([
        marks.categoriesOf(ownerId),
        Promise.all(RECORD_MODULES.map((module) => records.countOf(ownerId, module))),
        ownPersonProgress(db, ownerId),
        nomineeCounts(db, ownerId, now),
        lastWholeBinderAt(db, ownerId),
        upcomingReminders(db, dataKeys, ownerId, now),
      ]);
      const holds = (category: string) =>
        collaboration === null || isCategoryShared(collaboration.scope, category);
      const modules = RECORD_MODULES.map((module, index) =>
        moduleProgress(module, countsByModule[index] ?? {}, notApplicable, holds),
      ).filter((module) => module.categories.length > 0);
      const counts = new Map(modules.flatMap((module) => module.categories.map((c) => [c.key, c.count])));
      const state = {
        ownPersonId: own.id,
        detailsGiven: own.detailsGiven,
        emergencyContact: own.emergencyContact,
        nominees: nominees.total,
        counts,
        notApplicable,
        binderMadeAt,
      };
      if (collaboration === null)
        return { modules, next: nextSteps(state), reminders, nominees, binder: { lastMadeAt: binderMadeAt } };
      return {
        modules,
        // Every step a collaborator is offered writes to the file, so `view` rights are offered none.
        next: collaboration.rights === "edit" ? nextSteps(state, stepWithin(collaboration.scope)) : [],
        reminders: reminders.filter((reminder) => holds(reminder.category)),
        nominees: null,
        binder: null,
      };
    },

    async markNotApplicable(ownerId: string, module: RecordModule, category: string): Promise<void> {
      await marks.mark(ownerId, declaredCategory(module, category), clock());
    },

    async unmarkNotApplicable(ownerId: string, module: RecordModule, category: string): Promise<void> {
      await marks.unmark(ownerId, declaredCategory(module, category));
    },
  };
}
