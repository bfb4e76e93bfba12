import { useQuery } from "@tanstack/react-query";
import type { Institution } from "../../../domain/schemas/institution.ts";
import { apiFetch } from "../../api/client.ts";

/** The saved companies (GET /api/institutions/) and one of them. */
export const institutionQueryKeys = {
  all: ["institutions"] as const,
  list: () => ["institutions", "list"] as const,
  detail: (id: string) => ["institutions", "detail", id] as const,
};

function fetchInstitutions(): Promise<Institution[]> {
  return apiFetch<Institution[]>("/api/institutions/");
}

export function fetchInstitution(id: string): Promise<Institution> {
  return apiFetch<Institution>(`/api/institutions/${encodeURIComponent(id)}`);
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

/** POST /api/institutions/ for a new company (answers { id }), PUT /api/institutions/{id} for a saved one. */
export async function saveInstitution(id: string | null, input: unknown): Promise<string> {
  if (id === null) {
    const created = await apiFetch<{ id: string }>("/api/institutions/", {
      method: "POST",
      body: JSON.stringify(input),
    });
    return created.id;
  }
  const saved = await apiFetch<Institution>(`/api/institutions/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: JSON.stringify(input),
  });
  return saved.id;
}

export async function deleteInstitution(id: string): Promise<void> {
  await apiFetch(`/api/institutions/${encodeURIComponent(id)}`, { method: "DELETE" });
}
