import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Institution, InstitutionInput } from "../../../domain/schemas/institution.ts";
import type { Actor } from "../../auth/access.ts";
import { checkOwnedReferences } from "../../auth/ownership.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { authorizeInstitutionDelete } from "./policy.ts";
import { toColumns, toInstitution } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

export function createInstitutionService(db: Kysely<DB>) {
  const institutions = institutionRepository(db);

  return {
    async list(actor: Actor): Promise<Institution[]> {
      return (await institutions.list(actor.userId)).map(toInstitution);
    },

    async get(actor: Actor, id: string): Promise<Institution> {
      const row = await institutions.find(actor.userId, id);
      if (row === undefined) throw new AppError("not_found");
      return toInstitution(row);
    },

    /** Creates (id null) or updates the caller's institution `id`; answers its id. */
    async save(actor: Actor, id: string | null, input: InstitutionInput): Promise<string> {
      const ownerId = actor.userId;
      if (id !== null && (await institutions.find(ownerId, id)) === undefined)
        throw new AppError("not_found");
      await checkOwnedReferences(db, ownerId, [
        {
          field: "address",
          table: "address",
          ids: [input.address],
          message: "errors:network.unknown_address",
        },
      ]);
      const now = Date.now();
      if (id === null) {
        const created = randomUUID();
        await institutions.insert({
          ...toColumns(input),
          id: created,
          owner_id: ownerId,
          created_at: now,
          updated_at: now,
        });
        return created;
      }
      if (!(await institutions.update(ownerId, id, { ...toColumns(input), updated_at: now }))) {
        throw new AppError("not_found");
      }
      return id;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if ((await institutions.find(actor.userId, id)) === undefined) throw new AppError("not_found");
      authorizeInstitutionDelete(actor);
      await institutions.delete(actor.userId, id);
    },
  };
}
