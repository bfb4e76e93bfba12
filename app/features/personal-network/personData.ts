import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import { deletePerson, fetchOwnPerson, fetchPerson, fetchPersons, personQueryKeys } from "./queries.ts";

/** The screens' hooks over the shared person queries (queries.ts), so forms and pages share one cache. */

export function useOwnPerson(enabled = true) {
  return useQuery({ queryKey: personQueryKeys.own(), queryFn: fetchOwnPerson, enabled });
}

export function personListQuery(group: PersonGroup) {
  return { queryKey: personQueryKeys.list(group), queryFn: () => fetchPersons(group) };
}

export function usePersonList(group: PersonGroup) {
  return useQuery(personListQuery(group));
}

export function usePerson(group: PersonGroup | undefined, id: string) {
  return useQuery({
    queryKey: personQueryKeys.one(group ?? "me", id),
    queryFn: () => fetchPerson(group ?? "me", id),
    enabled: group !== undefined,
  });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
  });
}
