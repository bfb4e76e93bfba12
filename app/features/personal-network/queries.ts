import { personsApi } from "../../../domain/api/persons.ts";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem, PersonRecord, PersonSaveBody } from "../../../domain/schemas/person.ts";
import { callApi, callVersionedApi } from "../../api/client.ts";
import { ifMatchOf } from "../../api/versions.ts";

/**
 * The person queries of the personal network, for its pages and its forms alike. Every key
 * starts with "persons", so invalidating `personQueryKeys.all` refreshes lists, the family tree
 * and open records after a save or a delete.
 */
export const personQueryKeys = {
  all: ["persons"] as const,
  /** The user's own "me" record (GET /api/pn/person). */
  own: () => ["persons", "own"] as const,
  /** One group's cards (GET /api/pn/person/{group}). */
  list: (group: PersonGroup) => ["persons", "list", group] as const,
  /** One full record (GET /api/pn/person/{group}/{id}). */
  one: (group: PersonGroup, id: string) => ["persons", "one", group, id] as const,
  /** A person as the Edit Contact form loads it, with its version ("me" for the user's own). */
  editing: (group: PersonGroup, id: string) => ["persons", "editing", group, id] as const,
};

/** The owner's own record, as the overview and the family tree read it. */
export function ownPersonQuery() {
  return { queryKey: personQueryKeys.own(), queryFn: fetchOwnPerson };
}

/** One group's cards, as lists, counts and pickers read them. */
export function personListQuery(group: PersonGroup) {
  return { queryKey: personQueryKeys.list(group), queryFn: () => fetchPersons(group) };
}

export function fetchOwnPerson(): Promise<PersonRecord> {
  return callApi(personsApi.own);
}

export function fetchPersons(group: PersonGroup): Promise<PersonListItem[]> {
  return callApi(personsApi.list, { params: { group } });
}

export function fetchPerson(group: PersonGroup, id: string): Promise<PersonRecord> {
  return callApi(personsApi.read, { params: { group, id } });
}

/** A person to edit, with the version a save of it names ("me" for the user's own record). */
export async function fetchPersonToEdit(
  group: PersonGroup,
  id: string | null,
): Promise<Versioned<PersonRecord>> {
  const { answer, version } =
    id === null
      ? await callVersionedApi(personsApi.own)
      : await callVersionedApi(personsApi.read, { params: { group, id } });
  return { ...answer, version };
}

/** The person's social number in clear (the server logs the reveal). */
export async function revealSocialNumber(group: PersonGroup, id: string): Promise<string | null> {
  const person = await callApi(personsApi.read, { params: { group, id }, query: { reveal: "socialNumber" } });
  return person.mainDetails.socialNumber;
}

/**
 * Creates (no id) or updates (with id) a person; answers its id and new version. An update names
 * the version it replaces, so a save made since answers 409 edit_conflict instead of being lost.
 */
export async function savePerson(
  body: PersonSaveBody,
  replaces?: number,
): Promise<{ id: string; version: number }> {
  const { answer, version } = await callVersionedApi(personsApi.save, { body, ...ifMatchOf(replaces) });
  return { id: answer, version };
}

export async function deletePerson(id: string): Promise<void> {
  await callApi(personsApi.remove, { params: { id } });
}
