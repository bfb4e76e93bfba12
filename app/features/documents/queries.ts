import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type DocumentRef,
  deleteDocument,
  getDocument,
  LIBRARY_MODULE,
  LIBRARY_TYPE,
  listDocuments,
} from "./api.ts";

export const documentsQueryKey = ["documents"] as const;

export const LIBRARY_PATH = "/dashboard/inventory/documentlibrary";

export function useLibraryDocuments() {
  return useQuery({
    queryKey: [...documentsQueryKey, "list", LIBRARY_MODULE, LIBRARY_TYPE],
    queryFn: () => listDocuments(LIBRARY_MODULE, LIBRARY_TYPE),
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
