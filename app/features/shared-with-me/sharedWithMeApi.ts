import { useQuery } from "@tanstack/react-query";
import { sharedDocumentsApi } from "../../../domain/api/sharedDocuments.ts";
import { sharedNetworkApi } from "../../../domain/api/sharedNetwork.ts";
import { sharedRecordsApi } from "../../../domain/api/sharedRecords.ts";
import { sharedWithMeApi } from "../../../domain/api/sharedWithMe.ts";
import type { DocumentModule } from "../../../domain/schemas/document.ts";
import type { RevealQuery } from "../../../domain/schemas/record.ts";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import { ApiError, callApi, operationUrl } from "../../api/client.ts";
import type { RecordSource } from "../records/recordSource.tsx";
import { revealedValue, revealQuery } from "../records/recordsApi.ts";

/*
 * The nominee's calls (issue 6): the owners who named the signed-in account, the answers to an
 * invitation and the request for access, and the released reads of a shared file, which answer
 * the owner's shapes and 404 outside the scope, before release and after revocation.
 */

export const SHARED_WITH_ME_PATH = "/dashboard/shared-data/shared-with-me";

export const withMeQueryKey = ["shared", "with-me"] as const;

/** Where a file shared with me is read: its modules, persons and library hang from here. */
export function sharedFilePath(nomineeId: string): string {
  return `${SHARED_WITH_ME_PATH}/${encodeURIComponent(nomineeId)}`;
}

function fetchSharedWithMe(): Promise<SharedWithMeView[]> {
  return callApi(sharedWithMeApi.list);
}

export function useSharedWithMe() {
  return useQuery({ queryKey: withMeQueryKey, queryFn: fetchSharedWithMe });
}

export type NomineeAnswer = "accept" | "decline" | "request";

export async function answerShare(nomineeId: string, answer: NomineeAnswer): Promise<void> {
  await callApi(sharedWithMeApi[answer], { params: { id: nomineeId } });
}

/**
 * A file shared with me, read through the nominee's routes. `onNotFound` hears every 404, so the
 * screens can check at once whether the file itself was withdrawn (revoked, access ended).
 */
export function nomineeRecordSource(nomineeId: string, onNotFound: () => void): RecordSource {
  const watched = async <T>(answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) onNotFound();
      throw error;
    }
  };
  const record = (module: string, category: string, id: string, query?: RevealQuery) =>
    watched(
      callApi(sharedRecordsApi.read, {
        params: { nomineeId, module, category, id },
        ...(query ? { query } : {}),
      }),
    );
  // The module and type come from the shared scope's own lists, which the server checks again.
  const documentQuery = (module: string, type: string) => ({
    documentModule: module as DocumentModule,
    documentType: type,
  });
  return {
    nomineeId,
    basePath: sharedFilePath(nomineeId),
    queryKey: (key) => ["shared", nomineeId, ...key],
    counts: (module) => watched(callApi(sharedRecordsApi.count, { params: { nomineeId, module } })),
    list: (module, category) =>
      watched(callApi(sharedRecordsApi.list, { params: { nomineeId, module, category } })),
    one: (module, category, id) => record(module, category, id),
    reveal: async (module, category, id, field, purpose) =>
      revealedValue(await record(module, category, id, revealQuery(field, purpose)), field),
    persons: (personGroup) =>
      watched(callApi(sharedNetworkApi.persons, { params: { nomineeId }, query: { personGroup } })),
    person: (_group, id) => watched(callApi(sharedNetworkApi.person, { params: { id } })),
    byId: {
      person: (id) => watched(callApi(sharedNetworkApi.person, { params: { id } })),
      revealSocialNumber: async (id) =>
        (
          await watched(
            callApi(sharedNetworkApi.person, { params: { id }, query: { reveal: "socialNumber" } }),
          )
        ).mainDetails.socialNumber,
      documentsOfRecord: (recordId) =>
        watched(callApi(sharedDocumentsApi.ofRecord, { params: { nomineeId, recordId } })),
      address: (id) => watched(callApi(sharedNetworkApi.address, { params: { id } })),
      institution: (id) => watched(callApi(sharedNetworkApi.institution, { params: { id } })),
    },
    documents: (module, type) =>
      watched(
        callApi(sharedDocumentsApi.list, { params: { nomineeId }, query: documentQuery(module, type) }),
      ),
    document: ({ module, type, id }) =>
      watched(
        callApi(sharedDocumentsApi.read, { params: { nomineeId, id }, query: documentQuery(module, type) }),
      ),
    fileUrl: ({ type, id }, fileName, inline = false) =>
      operationUrl(sharedDocumentsApi.download, {
        params: { nomineeId, documentType: type, documentId: id, fileName },
        ...(inline ? { query: { inline: "1" } } : {}),
      }),
  };
}
