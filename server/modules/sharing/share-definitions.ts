import type { Kysely } from "kysely";
import type { ShareDefinition } from "../../../domain/schemas/share.ts";
import type { DB } from "../../db/schema.ts";
import { shareDefinitionColumns, shareDefinitionOf } from "./presenter.ts";
import { nomineeRepository } from "./repository.ts";
import { NO_REQUEST } from "./transitions.ts";

/*
 * What an owner decided about each nominee (domain/schemas/share.ts, ShareDefinition): the sharing
 * module's public face for the owner's whole file (server/modules/portability).
 */

/** The owner's share definitions, oldest first. */
export async function listShareDefinitions(db: Kysely<DB>, ownerId: string): Promise<ShareDefinition[]> {
  const rows = await nomineeRepository(db).listOwned(ownerId);
  return rows.reverse().map(shareDefinitionOf);
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
  definitions: readonly ShareDefinition[],
  now: number,
): Promise<boolean> {
  const nominees = nomineeRepository(trx);
  for (const [index, definition] of definitions.entries()) {
    const written = await nominees.insert({
      id: definition.id,
      owner_id: ownerId,
      ...shareDefinitionColumns(definition),
      user_id: null,
      status: "cancelled",
      invited_at: now,
      accepted_at: null,
      ...NO_REQUEST,
      revoked_at: null,
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
