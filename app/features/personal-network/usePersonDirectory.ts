import { useQueries } from "@tanstack/react-query";
import { PERSON_GROUPS } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { personListQuery } from "./queries.ts";

/**
 * Every person of every group, by id: emergency contacts and next of kin are named (and summed
 * up in their popup) from it.
 * `enabled` false on a shared file's view, which names them one by one (useSharedPersons).
 */
export function usePersonDirectory(enabled = true): ReadonlyMap<string, PersonListItem> {
  const results = useQueries({
    queries: PERSON_GROUPS.map((group) => ({ ...personListQuery(group), enabled })),
  });
  const persons: PersonListItem[] = results.flatMap((result) => result.data ?? []);
  return new Map(persons.map((person) => [person.id, person]));
}
