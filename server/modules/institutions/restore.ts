import type { Kysely } from "kysely";
import type { InstitutionInput } from "../../../domain/schemas/institution.ts";
import type { DB, InstitutionTable } from "../../db/schema.ts";
import { firstVersion } from "../../file/first-version.ts";
import { toColumns } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

/** An institution as an import restores it: its new id and address id, when it was made and changed. */
export type RestoredInstitution = InstitutionInput & { id: string; createTime: number; updateTime: number };

/** The institutions module's public face for an import (server/modules/portability). */
export function institutionRows(
  ownerId: string,
  institutions: readonly RestoredInstitution[],
): InstitutionTable[] {
  return institutions.map((institution) => ({
    ...toColumns(institution),
    id: institution.id,
    // The owner imported it: the file's account is who changed it last.
    ...firstVersion(ownerId, ownerId, institution.createTime, institution.updateTime),
  }));
}

/** Inserts them in the import's transaction (after the addresses they name). */
export async function insertInstitutionRows(
  trx: Kysely<DB>,
  rows: readonly InstitutionTable[],
): Promise<void> {
  const institutions = institutionRepository(trx);
  for (const row of rows) await institutions.insert(row);
}
