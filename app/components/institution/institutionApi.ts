import { useQuery } from "@tanstack/react-query";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import type { Institution, InstitutionSaveBody } from "../../../domain/schemas/institution.ts";
import { callApi } from "../../api/client.ts";

/** The saved companies (GET /api/institutions/) and one of them. */
export const institutionQueryKeys = {
  all: ["institutions"] as const,
  list: () => ["institutions", "list"] as const,
  detail: (id: string) => ["institutions", "detail", id] as const,
};

function fetchInstitutions(): Promise<Institution[]> {
  return callApi(institutionsApi.list);
}

export function fetchInstitution(id: string): Promise<Institution> {
  return callApi(institutionsApi.read, { params: { id } });
}

/** `enabled` false: a shared file's view, which names companies one by one instead. */
export function useInstitutions(enabled = true) {
  return useQuery({
    queryKey: institutionQueryKeys.list(),
    queryFn: fetchInstitutions,
    staleTime: 30_000,
    enabled,
  });
}

/** Creates a new company, or replaces a saved one; answers its id. */
export async function saveInstitution(id: string | null, body: InstitutionSaveBody): Promise<string> {
  if (id === null) return (await callApi(institutionsApi.create, { body })).id;
  return (await callApi(institutionsApi.replace, { params: { id }, body })).id;
}

export async function deleteInstitution(id: string): Promise<void> {
  await callApi(institutionsApi.remove, { params: { id } });
}
