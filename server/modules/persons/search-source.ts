import type { Kysely } from "kysely";
import { PERSON_GROUPS } from "../../../domain/catalog/relationships.ts";
import type { DB, PersonTable } from "../../db/schema.ts";
import type { SearchDoc, SearchSource } from "../search/index.ts";
import { storedData } from "./presenter.ts";
import { personRepository } from "./repository.ts";

type SearchRow = Pick<PersonTable, "id" | "person_group" | "first_name" | "last_name" | "data">;

/** What search may read of a person: names and email addresses. Never the social number (encrypted). */
function docOf(row: SearchRow): SearchDoc {
  const { mainDetails, contactDetails } = storedData(row);
  const named: [string, string | null][] = [
    ["firstName", row.first_name],
    ["lastName", row.last_name],
    ["middleName", mainDetails.middleName],
    ["nickname", mainDetails.nickname],
    ["prefferedName", mainDetails.prefferedName],
    ...contactDetails.emails.map((email): [string, string] => ["emails", email]),
  ];
  return {
    kind: "person",
    id: row.id,
    module: "personal-network",
    category: row.person_group,
    title: [row.first_name, row.last_name].filter((part) => part !== null && part !== "").join(" "),
    fields: named.flatMap(([field, text]) => (text === null || text === "" ? [] : [{ field, text }])),
  };
}

export function personSearchSource(db: Kysely<DB>): SearchSource {
  const persons = personRepository(db);
  return {
    kind: "person",
    async read(ownerId, ids) {
      return (await persons.searchRows(ownerId, { ids })).map(docOf);
    },
    async readAll(ownerId) {
      return (await persons.searchRows(ownerId, "all")).map(docOf);
    },
    async readIn(ownerId, categories, limit) {
      const groups = categories.filter((category) => (PERSON_GROUPS as readonly string[]).includes(category));
      return (await persons.searchRows(ownerId, { groups, limit })).map(docOf);
    },
  };
}
