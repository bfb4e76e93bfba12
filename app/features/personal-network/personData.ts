import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import { useRecordSource } from "../records/recordSource.tsx";
import { deletePerson, ownPersonQuery, personQueryKeys } from "./queries.ts";

/** The screens' hooks over the shared person queries (queries.ts), so forms and pages share one cache. */

export function useOwnPerson(enabled = true) {
  return useQuery({ ...ownPersonQuery(), enabled });
}

/** One group's people, of the user's own network or of a file shared with them. */
export function usePersonList(group: PersonGroup) {
  const source = useRecordSource();
  return useQuery({
    queryKey: source.queryKey(personQueryKeys.list(group)),
    queryFn: () => source.persons(group),
  });
}

export function usePerson(group: PersonGroup | undefined, id: string) {
  const source = useRecordSource();
  return useQuery({
    queryKey: source.queryKey(personQueryKeys.one(group ?? "me", id)),
    queryFn: () => source.person(group ?? "me", id),
    enabled: group !== undefined,
  });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "deleted" },
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
  });
}
