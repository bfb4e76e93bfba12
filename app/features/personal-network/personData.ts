import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { Institution } from "../../../domain/schemas/institution.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { apiFetch } from "../../api/client.ts";

const PERSONS = ["persons"] as const;

export function useOwnPerson(enabled = true) {
  return useQuery({
    queryKey: [...PERSONS, "own"],
    queryFn: () => apiFetch<PersonRecord>("/api/pn/person"),
    enabled,
  });
}

export function personListQuery(group: PersonGroup) {
  return {
    queryKey: [...PERSONS, "list", group],
    queryFn: () => apiFetch<PersonListItem[]>(`/api/pn/person/${group}`),
  };
}

export function usePersonList(group: PersonGroup) {
  return useQuery(personListQuery(group));
}

export function usePerson(group: PersonGroup | undefined, id: string) {
  return useQuery({
    queryKey: [...PERSONS, "one", group, id],
    queryFn: () => apiFetch<PersonRecord>(`/api/pn/person/${group}/${encodeURIComponent(id)}`),
    enabled: group !== undefined,
  });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/pn/person/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERSONS }),
  });
}

export function useInstitutions() {
  return useQuery({
    queryKey: ["institutions"],
    queryFn: () => apiFetch<Institution[]>("/api/institutions/"),
  });
}
