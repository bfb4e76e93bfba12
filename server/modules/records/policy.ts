import type { Actor } from "../../auth/access.ts";
import { authorizeDelete, mayDelete } from "../../auth/ownership.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * Who may use the record sections (spec section 6): a subscriber or a member of a company account
 * (b2b); users with neither keep only the Personal Network and Shared Data. The same two roles may
 * delete. Each account reaches only its own records (the repository filters by owner).
 */
export function mayUseRecords(actor: Actor): boolean {
  return mayDelete(actor);
}

export function authorizeRecordAccess(actor: Actor): void {
  if (!mayUseRecords(actor))
    throw new AppError("forbidden", { message: "errors:records.needs_subscription" });
}

export function authorizeRecordDelete(actor: Actor): void {
  authorizeDelete(actor);
}
