import type { Actor } from "../../auth/access.ts";
import { requireDeleteRight } from "../../auth/permissions.ts";

/**
 * Rules of institutions: owner scoping lives in the repository and reference checks in
 * server/auth/ownership.ts; deleting needs a subscription or a company account. Persons naming a
 * deleted institution as their company keep their record (the reference becomes null).
 */
export function authorizeInstitutionDelete(actor: Actor): void {
  requireDeleteRight(actor);
}
