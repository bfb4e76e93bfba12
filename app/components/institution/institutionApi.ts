import { useQuery } from "@tanstack/react-query";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { Institution, InstitutionSaveBody } from "../../../domain/schemas/institution.ts";
import { callApi, callVersionedApi } from "../../api/client.ts";
import { ifMatchOf } from "../../api/versions.ts";

/** The saved companies (GET /api/institutions/) and one of them. */
export const institutionQueryKeys = {
  all: ["institutions"] as const,
  list: () => ["institutions", "list"] as const,
  detail: (id: string) => ["institutions", "detail", id] as const,
};

function fetchInstitutions(): Promise<Institution[]> {
  return callApi(institutionsApi.list);
}

/** One company with the version a save of it names. */
export async function fetchInstitution(id: string): Promise<Versioned<Institution>> {
  const { answer, version } = await callVersionedApi(institutionsApi.read, { params: { id } });
  return { ...answer, version };
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

/**
 * Creates a new company, or replaces the saved version `replaces` of one (409 edit_conflict when
 * it was saved since); answers its id and new version.
 */
export async function saveInstitution(
  id: string | null,
  body: InstitutionSaveBody,
  replaces?: number,
): Promise<{ id: string; version: number }> {
  const { answer, version } =
    id === null
      ? await callVersionedApi(institutionsApi.create, { body })
      : await callVersionedApi(institutionsApi.replace, { params: { id }, body, ...ifMatchOf(replaces) });
  return { id: answer.id, version };
}

export async function deleteInstitution(id: string): Promise<void> {
  await callApi(institutionsApi.remove, { params: { id } });
}
