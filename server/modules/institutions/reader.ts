import type { Kysely } from "kysely";
import type { Institution } from "../../../domain/schemas/institution.ts";
import type { DB } from "../../db/schema.ts";
import { toInstitution } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

/** The institutions module's public face for reading: an owner's institutions, as its routes answer them. */
export function institutionReader(db: Kysely<DB>) {
  const institutions = institutionRepository(db);
  return {
    async read(ownerId: string, id: string): Promise<Institution | undefined> {
      const row = await institutions.find(ownerId, id);
      return row === undefined ? undefined : toInstitution(row);
    },

    /** The address of each of these institutions of the owner (those that have one). */
    async addressesOf(
      ownerId: string,
      ids: readonly string[],
    ): Promise<{ id: string; addressId: string | null }[]> {
      if (ids.length === 0) return [];
      const rows = await institutions.addressIdsOf(ownerId, ids);
      return rows.map((row) => ({ id: row.id, addressId: row.address_id }));
    },

    /** Every one of the owner's institutions, with when each was made and changed. */
    async listAll(ownerId: string): Promise<(Institution & { createTime: number; updateTime: number })[]> {
      const rows = await institutions.list(ownerId);
      return rows.map((row) => ({
        ...toInstitution(row),
        createTime: Number(row.created_at),
        updateTime: Number(row.updated_at),
      }));
    },

    ownerOf: institutions.ownerOf,
  };
}

export type InstitutionReader = ReturnType<typeof institutionReader>;
