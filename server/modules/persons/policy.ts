import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import type { Actor } from "../../auth/access.ts";
import { requireDeleteRight } from "../../auth/permissions.ts";
import type { PersonTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * Rules of the personal network's persons, beyond the schema's (server/auth/ownership.ts has the
 * shared ones; the repository keeps every query to the owner's rows).
 */

/** Deleting needs a subscription or a company account, and never takes the owner's own record. */
export function authorizePersonDelete(actor: Actor, person: Pick<PersonTable, "person_group">): void {
  requireDeleteRight(actor);
  if (person.person_group === OWN_GROUP) {
    throw new AppError("forbidden", { message: "errors:network.me_not_deletable" });
  }
}

/**
 * "me" keeps its group, and an account has one "me": a person cannot join the group while
 * another person holds it.
 */
export function authorizeGroup(options: {
  existing: Pick<PersonTable, "id" | "person_group"> | undefined;
  own: Pick<PersonTable, "id"> | undefined;
  group: string;
}): void {
  const { existing, own, group } = options;
  if (existing?.person_group === OWN_GROUP && group !== OWN_GROUP) {
    throw new AppError("validation_failed", { fields: { group: "errors:network.me_group_fixed" } });
  }
  if (group === OWN_GROUP && own !== undefined && own.id !== existing?.id) {
    throw new AppError("validation_failed", { fields: { group: "errors:network.me_exists" } });
  }
}
