import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { useRecordSource } from "./recordSource.tsx";
import { deleteRecord, recordQueryKeys, refreshAfterRecordChange } from "./recordsApi.ts";

/** One saved record (masked secrets) of the file being read; never refetched under a form being typed in. */
export function useRecord(category: CategoryDef | undefined, id: string | undefined, forForm = false) {
  const source = useRecordSource();
  return useQuery({
    queryKey: source.queryKey(
      recordQueryKeys.one(category?.module ?? "personaldata", category?.key ?? "", id ?? ""),
    ),
    queryFn: () => source.one(category?.module ?? "personaldata", category?.key ?? "", id ?? ""),
    enabled: category !== undefined && id !== undefined,
    ...(forForm ? { staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}

export function useDeleteRecord(category: CategoryDef | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "deleted" },
    mutationFn: (id: string) => deleteRecord(category?.module ?? "personaldata", category?.key ?? "", id),
    onSuccess: () => refreshAfterRecordChange(queryClient),
  });
}
