import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { CollaboratorRights } from "../../domain/schemas/collaborator.ts";
import type { ShareScope } from "../../domain/schemas/share.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors/app-error.ts";
import type { Actor } from "./access.ts";

/**
 * Shared rules of owned records (persons, addresses, institutions): whose a row is and whether its
 * references point at the same owner's rows (who may delete is permissions.ts's). Module policies
 * compose these.
 */

/** Tables whose rows belong to one account through owner_id. */
export type OwnedTable = "person" | "address" | "institution";

/** One reference field of a request: the ids it names and the owned table they must be rows of. */
export type Reference = {
  /** The field as the request names it, such as "homeAddress" or "iceDetails.emergencyContacts". */
  field: string;
  table: OwnedTable;
  ids: readonly (string | null | undefined)[];
  /** The message key shown on the field when an id is not one of the owner's rows. */
  message: string;
};

/**
 * Refuses (400, naming each field) references to rows that are not the owner's: someone else's
 * and missing rows answer alike, so a reference never reveals that another account's row exists.
 * One query per table, whatever the number of fields.
 */
export async function checkOwnedReferences(
  db: Kysely<DB>,
  ownerId: string,
  references: readonly Reference[],
): Promise<void> {
  const wanted = new Map<OwnedTable, Set<string>>();
  for (const reference of references) {
    for (const id of reference.ids) {
      if (!id) continue;
      const ids = wanted.get(reference.table) ?? new Set<string>();
      ids.add(id);
      wanted.set(reference.table, ids);
    }
  }
  const found = new Set<string>();
  for (const [table, ids] of wanted) {
    const rows = await db
      .selectFrom(table)
      .select("id")
      .where("owner_id", "=", ownerId)
      .where("id", "in", [...ids])
      .execute();
    for (const row of rows) found.add(`${table}:${row.id}`);
  }
  const fields: Record<string, string> = {};
  for (const reference of references) {
    if (reference.ids.some((id) => id && !found.has(`${reference.table}:${id}`))) {
      fields[reference.field] = reference.message;
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError("validation_failed", { fields });
}

/**
 * The account whose file the request acts on: the signed-in account itself, or, when a
 * collaborator works in an owner's file, the owner (`userId`) with the collaborator as
 * `actingUserId`. There the owner's own roles hold, so the file answers as it would to its owner.
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.actor === null) throw new AppError("unauthenticated");
  if (request.fileOwner === null) return request.actor;
  return {
    ...request.actor,
    userId: request.fileOwner.userId,
    roles: request.fileOwner.roles,
    actingUserId: request.actor.userId,
  };
}

/** Who acts: the signed-in account, even in another owner's file (audit entries name it). */
export function actingUserOf(actor: Actor): string {
  return actor.actingUserId ?? actor.userId;
}

/**
 * The scope a collaborator's call sees the owner's file within (answers that gather the whole file
 * keep only what it holds); null for the owner's own calls.
 */
export function fileScopeOf(request: FastifyRequest): ShareScope | null {
  return request.fileOwner?.scope ?? null;
}

/** What a collaborator may do in the owner's file: see within `scope`, and write with `edit` rights. */
export type FileAccess = { scope: ShareScope; rights: CollaboratorRights };

/** A collaborator's scope and rights in the owner's file; null for the owner's own calls. */
export function fileAccessOf(request: FastifyRequest): FileAccess | null {
  const owner = request.fileOwner;
  return owner === null ? null : { scope: owner.scope, rights: owner.rights };
}
