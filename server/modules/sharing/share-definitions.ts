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
