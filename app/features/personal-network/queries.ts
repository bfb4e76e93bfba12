import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { apiFetch } from "../../api/client.ts";

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
  return apiFetch<PersonRecord>("/api/pn/person");
}

export function fetchPersons(group: PersonGroup): Promise<PersonListItem[]> {
  return apiFetch<PersonListItem[]>(`/api/pn/person/${group}`);
}

export function fetchPerson(group: PersonGroup, id: string): Promise<PersonRecord> {
  return apiFetch<PersonRecord>(`/api/pn/person/${group}/${encodeURIComponent(id)}`);
}

/** The person's social number in clear (GET ...?reveal=socialNumber; the server logs the reveal). */
export async function revealSocialNumber(group: PersonGroup, id: string): Promise<string | null> {
  const person = await apiFetch<PersonRecord>(
    `/api/pn/person/${group}/${encodeURIComponent(id)}?reveal=socialNumber`,
  );
  return person.mainDetails.socialNumber;
}

/** POST /api/pn/person creates (no id) or updates (with id); it answers the person's id. */
export async function savePerson(body: unknown): Promise<string> {
  const answer = await apiFetch<unknown>("/api/pn/person", { method: "POST", body: JSON.stringify(body) });
  if (typeof answer === "string") return answer;
  if (typeof answer === "object" && answer !== null && "id" in answer && typeof answer.id === "string") {
    return answer.id;
  }
  throw new TypeError("POST /api/pn/person answered no id");
}

export async function deletePerson(id: string): Promise<void> {
  await apiFetch(`/api/pn/person/${encodeURIComponent(id)}`, { method: "DELETE" });
}
