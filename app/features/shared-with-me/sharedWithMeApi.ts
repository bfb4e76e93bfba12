import { useQuery } from "@tanstack/react-query";
import { sharedNetworkApi } from "../../../domain/api/sharedNetwork.ts";
import { sharedRecordsApi } from "../../../domain/api/sharedRecords.ts";
import { sharedWithMeApi } from "../../../domain/api/sharedWithMe.ts";
import type { RevealQuery } from "../../../domain/schemas/record.ts";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import { ApiError, apiFetch, callApi } from "../../api/client.ts";
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

const enc = encodeURIComponent;

/**
 * A file shared with me, read through the nominee's routes. `onNotFound` hears every 404, so the
 * screens can check at once whether the file itself was withdrawn (revoked, access ended).
 */
export function nomineeRecordSource(nomineeId: string, onNotFound: () => void): RecordSource {
  const base = `/api/shared/nominee/${enc(nomineeId)}`;
  const watched = async <T>(answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) onNotFound();
      throw error;
    }
  };
  const get = <T>(path: string): Promise<T> => watched(apiFetch<T>(path));
  const record = (module: string, category: string, id: string, query?: RevealQuery) =>
    watched(
      callApi(sharedRecordsApi.read, {
        params: { nomineeId, module, category, id },
        ...(query ? { query } : {}),
      }),
    );
  const documentQuery = (module: string, type: string) =>
    `documentModule=${enc(module)}&documentType=${enc(type)}`;
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
      documentsOfRecord: (recordId) => get(`${base}/documents/record/${enc(recordId)}`),
      address: (id) => watched(callApi(sharedNetworkApi.address, { params: { id } })),
      institution: (id) => watched(callApi(sharedNetworkApi.institution, { params: { id } })),
    },
    documents: (module, type) => get(`${base}/documents?${documentQuery(module, type)}`),
    document: ({ module, type, id }) => get(`${base}/document/${enc(id)}?${documentQuery(module, type)}`),
    fileUrl: ({ type, id }, fileName, inline = false) =>
      `/api/shared/${enc(nomineeId)}/${enc(type)}/${enc(id)}/download/${enc(fileName)}/${inline ? "?inline=1" : ""}`,
  };
}
