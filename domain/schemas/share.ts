import { z } from "zod";
import {
  RELEASE_TIMINGS,
  type ReleaseTiming,
  releaseDelayDays,
  type ShareStatus,
} from "../catalog/releaseTimings.ts";
import { ASSIGNED_TYPE_MODULES, isAssignedType } from "../sections/assignedTypes.ts";
import { CATEGORY_KEYS, type CategoryKey, categoryDef, isCategoryKey } from "../sections/index.ts";
import { RECORD_MODULES, type RecordModule } from "../sections/modules.ts";
import { optionalRef, requiredText } from "./fields.ts";

/**
 * Nominees (the sharing model, after Bitwarden's emergency access): the people an owner
 * names, what they may read (the scope), when it is released, and the shapes the sharing API
 * answers to the owner (Shared by me) and to the nominee (Shared with me).
 *
 * Lifecycle: invited -> accepted (or declined) -> requested -> released; declining a request or
 * revoking released access returns to accepted. `now` releases on acceptance; `manual` only by the
 * owner's approval; five/ten/fifteen_days by the job runner when the owner has not answered. An
 * invitation lives 10 days (expired is shown, not stored); the owner may cancel it or send it again.
 * Once the owner took access away (revoked it, or an end date came), access returns only by their
 * own choice: the next request waits for their approval whatever the rule (requestWaitDays), or
 * they grant it again.
 */

/** The statuses of a nominee; "expired" is an invitation past its 10 days, computed on read, never stored. */
export type NomineeStatus = ShareStatus;

/** An invitation can be accepted for this long after it was (re)sent. */
export const INVITATION_LIFETIME_DAYS = 10;
export const DAY_MS = 86_400_000;

/**
 * How many days a request waits before it releases by itself: the release rule's (0 = at once,
 * null = only by the owner's approval), except after the owner took access away (revokedAt set),
 * when only the owner's approval or a new grant gives it back.
 */
export function requestWaitDays(grant: { release: ReleaseTiming; revokedAt: number | null }): number | null {
  return grant.revokedAt === null ? releaseDelayDays(grant.release) : null;
}

/** What a nominee may read besides the records: the personal network as a whole. */
export const SHAREABLE_MODULES = ["personal-network", ...RECORD_MODULES] as const;
export type ShareableModule = (typeof SHAREABLE_MODULES)[number];

/**
 * What is shared: whole modules, and single categories of other modules. Persons, addresses and
 * institutions that shared records refer to come along (the server resolves them); sharing the
 * "personal-network" module shares every person. Collaborators' scopes name the same fields.
 */
export const scopeFields = {
  modules: z
    .array(z.enum(SHAREABLE_MODULES, { error: "errors:fields.invalid_choice" }))
    .max(SHAREABLE_MODULES.length)
    .default([])
    .transform((modules) => [...new Set(modules)]),
  categories: z
    .array(z.string().refine(isCategoryKey, "errors:fields.invalid_choice"))
    .max(CATEGORY_KEYS.length)
    .default([])
    .transform((categories) => [...new Set(categories)] as CategoryKey[]),
};

export const shareScopeSchema = z
  .object(scopeFields)
  .refine((scope) => scope.modules.length + scope.categories.length > 0, {
    message: "errors:sharing.scope_required",
    path: ["modules"],
  });

export type ShareScope = z.output<typeof shareScopeSchema>;

const releaseSchema = z.enum(RELEASE_TIMINGS, { error: "errors:fields.invalid_choice" });

/** The nominee's address, where the invitation goes; compared case-insensitively. */
const nomineeEmailSchema = requiredText("errors:sharing.email_required")
  .pipe(z.email("errors:fields.invalid_email"))
  .transform((value) => value.toLowerCase());

/** POST /api/shared/nominees: a person of the owner's network, or a new name and email. */
export const nomineeCreateSchema = z.object({
  personId: optionalRef,
  firstName: requiredText("errors:sharing.first_name_required"),
  lastName: requiredText("errors:sharing.last_name_required"),
  email: nomineeEmailSchema,
  scope: shareScopeSchema,
  release: releaseSchema,
});
export type NomineeCreate = z.output<typeof nomineeCreateSchema>;
/** A nominee as the form sends it, before the schema's defaults. */
export type NomineeCreateBody = z.input<typeof nomineeCreateSchema>;

/**
 * PUT /api/shared/nominees/{id}: names, scope and release rule may change at any time; the email
 * only while the invitation is not yet accepted (a new address is invited anew). accessEndsAt
 * (epoch ms, or null) ends released access on that date: "back to normal".
 */
export const nomineeUpdateSchema = nomineeCreateSchema.omit({ personId: true }).extend({
  personId: optionalRef,
  accessEndsAt: z
    .number()
    .int()
    .positive()
    .max(8.64e15)
    .nullish()
    .transform((value) => value ?? null),
});
export type NomineeUpdate = z.output<typeof nomineeUpdateSchema>;

/**
 * What an owner decides about a nominee: who, what is shared, when it is released. Never its
 * lifecycle (statuses, dates) nor the nominee's account: what the owner's file exports and imports.
 */
export type ShareDefinition = {
  id: string;
  personId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  scope: ShareScope;
  release: ReleaseTiming;
};

/** A nominee as the owner sees it (Shared by me). Times are epoch ms or null. */
export type NomineeView = ShareDefinition & {
  status: NomineeStatus;
  invitedAt: number;
  /** When the current invitation stops being acceptable. */
  inviteExpiresAt: number;
  acceptedAt: number | null;
  requestedAt: number | null;
  /** When a pending request releases by itself; null for manual or when nothing is pending. */
  releaseAt: number | null;
  releasedAt: number | null;
  accessEndsAt: number | null;
  /** When the owner last took access away; until they give it back, requests wait for their approval. */
  revokedAt: number | null;
  createTime: number;
};

/** An owner who named the signed-in account (Shared with me). */
export type SharedWithMeView = {
  nomineeId: string;
  owner: { firstName: string | null; lastName: string | null; email: string };
  scope: ShareScope;
  release: ReleaseTiming;
  status: NomineeStatus;
  inviteExpiresAt: number;
  requestedAt: number | null;
  releaseAt: number | null;
  releasedAt: number | null;
  accessEndsAt: number | null;
  /** When the owner last took access away; until they give it back, requests wait for their approval. */
  revokedAt: number | null;
  /** A platform admin suspended the owner: their file is closed to the nominee until the ban ends. */
  ownerSuspended: boolean;
};

/**
 * GET /api/shared/owner/approve/{nomineeId} (the owner's mail link, read before any answer): who
 * asks, what they would receive and when, so the owner confirms knowing it.
 */
export type ShareRequestPreview = {
  nominee: { firstName: string; lastName: string; email: string };
  scope: ShareScope;
  release: ReleaseTiming;
  requestedAt: number;
  /** When the request releases by itself unless answered; null when only the owner may release it. */
  releaseAt: number | null;
};

/** One line of GET /api/shared/nominees/{id}/log: "Alex viewed Insurance Policies, 14:02". */
export type NomineeLogEntry = {
  id: string;
  kind: "view" | "reveal" | "copy" | "download";
  /** "record", "person", "address", "institution", "document", or "list" for a category's list. */
  subjectKind: string;
  subjectId: string;
  category: string | null;
  /** The secret revealed or the file downloaded. */
  field: string | null;
  createTime: number;
};

/** Whether a record category is inside the scope: its module shared whole, or the category itself. */
export function scopeIncludesCategory(scope: ShareScope, category: CategoryKey): boolean {
  return (
    scope.categories.includes(category) ||
    (scope.modules as readonly string[]).includes(categoryDef(category).module)
  );
}

/**
 * Whether a document is inside the scope: documents filed under a record module follow that module
 * or their category; the library's own (module "documentlibrary") follow the category they are
 * filed under, and the inventory's document library category.
 */
export function scopeIncludesDocument(scope: ShareScope, module: string, type: string): boolean {
  if (isCategoryKey(type) && scopeIncludesCategory(scope, type)) return true;
  if (!isAssignedType(type)) return false;
  const home = ASSIGNED_TYPE_MODULES[type];
  return (
    (scope.modules as readonly string[]).includes(home) ||
    (module === "documentlibrary" && scopeIncludesCategory(scope, "documentlibrary"))
  );
}

/** `scopeIncludesCategory` for any string: what is not a declared category is never shared. */
export function isCategoryShared(scope: ShareScope, category: string): boolean {
  return isCategoryKey(category) && scopeIncludesCategory(scope, category);
}

/** Every record category the scope shares, in catalog order. */
export function sharedCategories(scope: ShareScope): CategoryKey[] {
  return CATEGORY_KEYS.filter((key) => scopeIncludesCategory(scope, key));
}

export function sharesWholeNetwork(scope: ShareScope): boolean {
  return scope.modules.includes("personal-network");
}

/** The record modules the scope touches at all, for the nominee's menu. */
export function sharedModules(scope: ShareScope): RecordModule[] {
  return RECORD_MODULES.filter((module) =>
    sharedCategories(scope).some((key) => categoryDef(key).module === module),
  );
}
