import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../domain/api/admin.ts";
import type { AnswerOf } from "../../../domain/api/contract.ts";
import { callApi } from "../../api/client.ts";

/*
 * The admin area's accounts, audit log and overview (server/modules/admin) and its companies
 * (server/modules/companies), declared in domain/api/admin.ts.
 */

/** A company as the admin list answers it. */
export type AdminCompanyRow = AnswerOf<typeof adminApi.companies>["content"][number];
/** One line of the audit log as the admin list answers it. */
export type AuditRow = AnswerOf<typeof adminApi.audit>["content"][number];

const USERS_KEY = ["admin", "users"] as const;

export function useAdminUsers(search: string, page: number, size: number) {
  return useQuery({
    queryKey: [...USERS_KEY, "list", search, page, size],
    queryFn: () => callApi(adminApi.users, { query: { search, page, size } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...USERS_KEY, "one", id],
    queryFn: () => callApi(adminApi.user, { params: { id } }),
  });
}

export type UserAction =
  | "disable"
  | "enable"
  | "resendVerification"
  | "grantAdmin"
  | "removeAdmin"
  | "delete";

function runAction(id: string, action: UserAction): Promise<unknown> {
  const params = { id };
  switch (action) {
    case "disable":
      return callApi(adminApi.disableUser, { params });
    case "enable":
      return callApi(adminApi.enableUser, { params });
    case "resendVerification":
      return callApi(adminApi.resendVerification, { params });
    case "grantAdmin":
    case "removeAdmin":
      return callApi(adminApi.setAdmin, {
        params,
        query: { grant: action === "grantAdmin" ? "true" : "false" },
      });
    case "delete":
      return callApi(adminApi.deleteUser, { params });
  }
}

export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runAction(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useAuditLog(action: string, page: number, size: number) {
  return useQuery({
    queryKey: ["admin", "audit", action, page, size],
    queryFn: () => callApi(adminApi.audit, { query: { action, page, size } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: ["admin", "overview"],
    queryFn: () => callApi(adminApi.overview),
  });
}

const COMPANIES_KEY = ["admin", "companies"] as const;

export function useAdminCompanies(search: string, page: number, size: number) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, search, page, size],
    queryFn: () => callApi(adminApi.companies, { query: { search, page, size } }),
    placeholderData: keepPreviousData,
  });
}

export function useSetSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seatLimit }: { id: string; seatLimit: number | null }) =>
      callApi(adminApi.setCompanySeats, { params: { id }, body: { seatLimit } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
