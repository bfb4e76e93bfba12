import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { companiesApi } from "../../../domain/api/companies.ts";
import type {
  CompanyBody,
  InviteBody,
  MemberSortColumn,
  NoSeatsDetails,
} from "../../../domain/schemas/company.ts";
import { ApiError, callApi, operationUrl } from "../../api/client.ts";
import { accountQueryKey } from "../../session/accountQuery.ts";

/*
 * The company calls (server/modules/companies/README.md). A write reads the company and its
 * members again: seats and statuses are the server's to count.
 */

const COMPANY_KEY = ["b2b", "company"] as const;
const MEMBERS_KEY = ["b2b", "members"] as const;

export type MemberListQuery = {
  page: number;
  size: number;
  sortedColumn: MemberSortColumn;
  descending: boolean;
  search: string;
};

/** The reader's company: in full for its admins, its name and admins for a member; 404 for anyone else. */
export function useCompany() {
  return useQuery({ queryKey: COMPANY_KEY, queryFn: () => callApi(companiesApi.company) });
}

export function useMembers(query: MemberListQuery) {
  const { page, ...sort } = query;
  return useQuery({
    queryKey: [...MEMBERS_KEY, query],
    queryFn: () =>
      callApi(companiesApi.members, {
        params: { page },
        query: { ...sort, descending: sort.descending ? "true" : "false" },
      }),
    // The table keeps its rows while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
}

function useCompanyWrite<Input, Answer>(write: (input: Input) => Promise<Answer>, rolesChange = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_KEY }),
        queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
        // A new company, or an admin who stepped down, changes the reader's own roles.
        ...(rolesChange ? [queryClient.invalidateQueries({ queryKey: accountQueryKey })] : []),
      ]);
    },
  });
}

export const useCreateCompany = () =>
  useCompanyWrite((body: CompanyBody) => callApi(companiesApi.create, { body }), true);

export const useUpdateCompany = () =>
  useCompanyWrite((body: CompanyBody) => callApi(companiesApi.update, { body }));

export const useLeaveCompany = () => useCompanyWrite(() => callApi(companiesApi.leave), true);

/** How many seats an invitation refused for want of them needs (the 409's details); 0 for any other refusal. */
export function seatsMissingOf(error: unknown): number {
  if (!(error instanceof ApiError) || error.code !== "conflict") return 0;
  const { seatsMissing } = error.details as Partial<NoSeatsDetails>;
  return typeof seatsMissing === "number" ? seatsMissing : 0;
}

/** The seats the company plan pays for (more are invoiced at once; fewer are credited). */
export const useChangeSeats = () =>
  useCompanyWrite((seats: number) => callApi(companiesApi.changeSeats, { body: { seats } }));

export const useInvite = () => useCompanyWrite((body: InviteBody) => callApi(companiesApi.invite, { body }));

export const useInviteCsv = () =>
  useCompanyWrite((file: File) => {
    const form = new FormData();
    form.append("file", file);
    return callApi(companiesApi.inviteCsv, { form });
  });

export type MemberAction = "deactivate" | "reactivate" | "makeAdmin" | "removeAdmin";

export const useMemberAction = () =>
  useCompanyWrite(({ action, id }: { action: MemberAction; id: string }) => {
    const params = { id };
    switch (action) {
      case "deactivate":
        return callApi(companiesApi.deactivate, { params });
      case "reactivate":
        return callApi(companiesApi.reactivate, { params });
      default:
        return callApi(companiesApi.setAdmin, {
          params,
          query: { setRole: action === "makeAdmin" ? "true" : "false" },
        });
    }
  }, true);

const INVITATIONS_KEY = ["b2b", "invitations"] as const;

/** Invitations waiting for the signed-in account's verified address; not asked for while `enabled` is false. */
export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: () => callApi(companiesApi.invitations),
    enabled,
  });
}

/** Accepting takes the seat: the company, the invitations and the reader's roles are read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(companiesApi.accept, { params: { id } }),
    onSuccess: () =>
      Promise.all(
        [COMPANY_KEY, INVITATIONS_KEY, accountQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The spec's activation of a seat by its code (the server also takes the spec's form-encoded `code`). */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(companiesApi.activate, { body: { code } }),
    onSuccess: () =>
      Promise.all(
        [INVITATIONS_KEY, accountQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const INVITE_TEMPLATE_URL = operationUrl(companiesApi.inviteTemplate);
