import type { Kysely } from "kysely";
import type { DB, InstitutionTable } from "../../db/schema.ts";
import { rowsSearchSource, type SearchDoc, type SearchSource } from "../search/index.ts";
import { toInstitution } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

/** What search reads of an institution: its name, website and email addresses. */
function docOf(row: InstitutionTable): SearchDoc {
  const institution = toInstitution(row);
  const fields = [
    { field: "name", text: institution.name },
    ...(institution.website === null ? [] : [{ field: "website", text: institution.website }]),
    ...institution.emails.map((text) => ({ field: "emails", text })),
  ];
  return {
    kind: "institution",
    id: row.id,
    module: "personal-network",
    category: "",
    title: institution.name,
    fields: fields.filter((entry) => entry.text !== ""),
  };
}

export function institutionSearchSource(db: Kysely<DB>): SearchSource {
  return rowsSearchSource("institution", institutionRepository(db), docOf);
}
