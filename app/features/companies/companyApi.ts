import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Company,
  CompanyBody,
  CompanyForReader,
  CompanyMember,
  InviteBody,
  InviteCsvAnswer,
  MemberSortColumn,
  NoSeatsDetails,
  PendingInvitation,
} from "../../../domain/schemas/company.ts";
import type { Page } from "../../../domain/schemas/page.ts";
import type { ActivationResult } from "../../../domain/schemas/subscription.ts";
import { ApiError, apiFetch } from "../../api/client.ts";
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

function post<T>(path: string, body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method: "POST", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** The reader's company: in full for its admins, its name and admins for a member; 404 for anyone else. */
export function useCompany() {
  return useQuery({ queryKey: COMPANY_KEY, queryFn: () => apiFetch<CompanyForReader>("/api/b2b/company") });
}

export function useMembers(query: MemberListQuery) {
  const params = new URLSearchParams({
    size: String(query.size),
    sortedColumn: query.sortedColumn,
    descending: String(query.descending),
    search: query.search,
  });
  return useQuery({
    queryKey: [...MEMBERS_KEY, query],
    queryFn: () => apiFetch<Page<CompanyMember>>(`/api/b2b/accounts/page/${query.page}?${params}`),
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
  useCompanyWrite((body: CompanyBody) => post<Company>("/api/b2b/company", body), true);

export const useUpdateCompany = () =>
  useCompanyWrite((body: CompanyBody) =>
    apiFetch<Company>("/api/b2b/company", { method: "PUT", body: JSON.stringify(body) }),
  );

export const useLeaveCompany = () => useCompanyWrite(() => post<void>("/api/b2b/account/leave"), true);

/** How many seats an invitation refused for want of them needs (the 409's details); 0 for any other refusal. */
export function seatsMissingOf(error: unknown): number {
  if (!(error instanceof ApiError) || error.code !== "conflict") return 0;
  const { seatsMissing } = error.details as Partial<NoSeatsDetails>;
  return typeof seatsMissing === "number" ? seatsMissing : 0;
}

/** The seats the company plan pays for (more are invoiced at once; fewer are credited). */
export const useChangeSeats = () =>
  useCompanyWrite((seats: number) =>
    apiFetch<Company>("/api/b2b/company/seats", { method: "PUT", body: JSON.stringify({ seats }) }),
  );

export const useInvite = () =>
  useCompanyWrite((body: InviteBody) => post<CompanyMember>("/api/b2b/invite", body));

export const useInviteCsv = () =>
  useCompanyWrite((file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiFetch<InviteCsvAnswer>("/api/b2b/invite/upload-csv-file", { method: "POST", body: form });
  });

export type MemberAction = "deactivate" | "reactivate" | "makeAdmin" | "removeAdmin";

export const useMemberAction = () =>
  useCompanyWrite(({ action, id }: { action: MemberAction; id: string }) => {
    const member = encodeURIComponent(id);
    switch (action) {
      case "deactivate":
        return apiFetch<CompanyMember>(`/api/b2b/account/deactivate/${member}`);
      case "reactivate":
        return post<CompanyMember>(`/api/b2b/reactivate/${member}`);
      default:
        return post<CompanyMember>(`/api/b2b/account/admin/${member}?setRole=${action === "makeAdmin"}`);
    }
  }, true);

const INVITATIONS_KEY = ["b2b", "invitations"] as const;

/** Invitations waiting for the signed-in account's verified address; not asked for while `enabled` is false. */
export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: () => apiFetch<PendingInvitation[]>("/api/b2b/invitations"),
    enabled,
  });
}

/** Accepting takes the seat: the company, the invitations and the reader's roles are read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      post<ActivationResult>(`/api/b2b/invitations/${encodeURIComponent(id)}/accept`),
    onSuccess: () =>
      Promise.all(
        [COMPANY_KEY, INVITATIONS_KEY, accountQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The spec's activation: form-encoded `code`. */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<ActivationResult>("/api/b2b/account/activate", {
        method: "POST",
        body: new URLSearchParams({ code }),
      }),
    onSuccess: () =>
      Promise.all(
        [INVITATIONS_KEY, accountQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const INVITE_TEMPLATE_URL = "/api/b2b/invite/template.csv";
