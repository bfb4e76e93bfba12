import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Institution, InstitutionInput } from "../../../domain/schemas/institution.ts";
import type { Actor } from "../../auth/access.ts";
import { withLastChange } from "../../auth/changed-by.ts";
import { actingUserOf, checkOwnedReferences } from "../../auth/ownership.ts";
import type { DB, InstitutionTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { editConflict, type Saved } from "../../http/versions.ts";
import { authorizeInstitutionDelete } from "./policy.ts";
import { toColumns, toInstitution } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

/** Every save and delete is published on `changes`, in its transaction (the search index follows them). */
export function createInstitutionService(db: Kysely<DB>, changes: FileChanges) {
  const institutions = institutionRepository(db);
  /** One company as its owner's routes answer it: with when it was saved last, and by whom. */
  const answered = async (row: InstitutionTable, signedIn: Actor): Promise<Institution> =>
    (await withLastChange(db, [row], toInstitution, signedIn))[0] as Institution;

  return {
    async list(actor: Actor): Promise<Institution[]> {
      return (await institutions.list(actor.userId)).map(toInstitution);
    },

    async get(actor: Actor, id: string): Promise<Saved<Institution>> {
      const row = await institutions.find(actor.userId, id);
      if (row === undefined) throw new AppError("not_found");
      return { saved: await answered(row, actor), version: row.version };
    },

    /**
     * Creates (id null) or updates the caller's institution `id`; answers it as saved and its
     * version, without reading it again (an update of another account's id changes nothing: 404).
     * With `expectedVersion`, an update writes only while it is still that version: otherwise 409
     * edit_conflict with the stored company and the one sent.
     */
    async save(
      actor: Actor,
      id: string | null,
      input: InstitutionInput,
      expectedVersion: number | null = null,
    ): Promise<Saved<Institution>> {
      const ownerId = actor.userId;
      await checkOwnedReferences(db, ownerId, [
        {
          field: "address",
          table: "address",
          ids: [input.address],
          message: "errors:network.unknown_address",
        },
      ]);
      const now = Date.now();
      const updatedBy = actingUserOf(actor);
      if (id === null) {
        const row = {
          ...toColumns(input),
          id: randomUUID(),
          ...firstVersion(ownerId, updatedBy, now),
        };
        await changes.transaction(db, async (trx) => {
          await institutionRepository(trx).insert(row);
          await changes.publish(trx, { kind: "institution", operation: "saved", ownerId, id: row.id });
        });
        return { saved: await answered(row, actor), version: row.version };
      }
      const updated = await changes.transaction(db, async (trx) => {
        const row = await institutionRepository(trx).update(
          ownerId,
          id,
          { ...toColumns(input), updated_at: now, updated_by: updatedBy },
          expectedVersion,
        );
        if (row !== undefined) {
          await changes.publish(trx, { kind: "institution", operation: "saved", ownerId, id: row.id });
        }
        return row;
      });
      if (updated !== undefined) return { saved: await answered(updated, actor), version: updated.version };
      // Nothing written: the company is gone (404) or another save came first (409).
      const stored = await institutions.find(ownerId, id);
      if (stored === undefined) throw new AppError("not_found");
      throw editConflict({ saved: await answered(stored, actor), version: stored.version }, { ...input, id });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if ((await institutions.find(actor.userId, id)) === undefined) throw new AppError("not_found");
      authorizeInstitutionDelete(actor);
      await changes.transaction(db, async (trx) => {
        await institutionRepository(trx).delete(actor.userId, id);
        await changes.publish(trx, { kind: "institution", operation: "deleted", ownerId: actor.userId, id });
      });
    },
  };
}
