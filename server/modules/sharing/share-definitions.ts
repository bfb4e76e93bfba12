import type { Kysely } from "kysely";
import type { ReleaseTiming } from "../../../domain/catalog/releaseTimings.ts";
import type { ShareScope } from "../../../domain/schemas/share.ts";
import type { DB } from "../../db/schema.ts";
import { scopeOf } from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";

/**
 * What an owner decided about each nominee (who, what is shared, when it is released), without the
 * lifecycle (statuses, dates, the nominee's account): the sharing module's public face for the
 * owner's whole file (server/modules/portability).
 */
export type ShareDefinition = {
  id: string;
  personId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  scope: ShareScope;
  release: ReleaseTiming;
  createTime: number;
};

/** The owner's share definitions, oldest first. */
export async function listShareDefinitions(db: Kysely<DB>, ownerId: string): Promise<ShareDefinition[]> {
  const rows = await nomineeRepository(db).listOwned(ownerId);
  return rows.reverse().map((row) => ({
    id: row.id,
    personId: row.person_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    scope: scopeOf(row),
    release: row.release,
    createTime: Number(row.created_at),
  }));
}

/**
 * Restores share definitions (an import, server/modules/portability) in the caller's transaction,
 * as invitations the owner has not sent: status "cancelled", so that no one is mailed and nothing
 * is pending or released; the owner sends each one (Send again) when ready. Answers false when one
 * could not be written (an address already named by another nominee of the owner).
 */
export async function insertShareDefinitions(
  trx: Kysely<DB>,
  ownerId: string,
  definitions: readonly Omit<ShareDefinition, "createTime">[],
  now: number,
): Promise<boolean> {
  const nominees = nomineeRepository(trx);
  for (const [index, definition] of definitions.entries()) {
    const written = await nominees.insert({
      id: definition.id,
      owner_id: ownerId,
      person_id: definition.personId,
      first_name: definition.firstName,
      last_name: definition.lastName,
      email: definition.email,
      user_id: null,
      scope: JSON.stringify(definition.scope),
      release: definition.release,
      status: "cancelled",
      invited_at: now,
      accepted_at: null,
      request_id: null,
      requested_at: null,
      release_at: null,
      released_at: null,
      access_ends_at: null,
      opened_at: null,
      // A millisecond apart, so that they list in the archive's order.
      created_at: now + index,
      updated_at: now + index,
    });
    if (!written) return false;
  }
  return true;
}

/** The owner's own address, lower-cased: a share definition may not name it (one does not nominate oneself). */
export async function ownerEmailOf(db: Kysely<DB>, ownerId: string): Promise<string | null> {
  return (await nomineeRepository(db).findAccount({ id: ownerId }))?.email.toLowerCase() ?? null;
}
