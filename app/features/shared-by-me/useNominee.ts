import { useQuery } from "@tanstack/react-query";
import { fetchNominee, fetchNominees, nomineeQueryKeys } from "./nomineesApi.ts";

/** The owner's nominees (the list, the landing summary and the pending-request banner share it). */
export function useNominees(enabled = true) {
  return useQuery({ queryKey: nomineeQueryKeys.list(), queryFn: fetchNominees, enabled, staleTime: 30_000 });
}

/** One nominee; never refetched under a form being typed in. */
export function useNominee(id: string | undefined, forForm = false) {
  return useQuery({
    queryKey: nomineeQueryKeys.one(id ?? ""),
    queryFn: () => fetchNominee(id ?? ""),
    enabled: id !== undefined,
    ...(forForm ? { staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}
