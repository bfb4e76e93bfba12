import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRecordSource } from "../records/recordSource.tsx";
import {
  type DocumentRef,
  deleteDocument,
  getDocument,
  LIBRARY_MODULE,
  LIBRARY_TYPE,
  listDocumentsOnRecords,
} from "./api.ts";

export const documentsQueryKey = ["documents"] as const;

export const LIBRARY_PATH = "/dashboard/inventory/documentlibrary";

/** The library's documents: the user's own, or those of a file shared with them. */
export function useLibraryDocuments() {
  const source = useRecordSource();
  return useQuery({
    queryKey: source.queryKey([...documentsQueryKey, "list", LIBRARY_MODULE, LIBRARY_TYPE]),
    queryFn: () => source.documents(LIBRARY_MODULE, LIBRARY_TYPE),
  });
}

/** The owner's documents attached to records; a nominee's library shows the library's own only. */
export function useDocumentsOnRecords(enabled: boolean) {
  return useQuery({
    queryKey: [...documentsQueryKey, "on-records"],
    queryFn: listDocumentsOnRecords,
    enabled,
  });
}

export function useDocument(ref: DocumentRef | null) {
  return useQuery({
    queryKey: [...documentsQueryKey, "one", ref?.module, ref?.type, ref?.id],
    queryFn: () => getDocument(ref as DocumentRef),
    enabled: ref !== null,
  });
}

/** Deletes a document and its file; every document list and count is read again. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
