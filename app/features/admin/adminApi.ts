import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminOverview, AdminUser, AdminUserDetail, AuditEntry } from "../../../domain/schemas/admin.ts";
import type { AdminCompany } from "../../../domain/schemas/company.ts";
import type { Page } from "../../../domain/schemas/page.ts";
import { apiFetch } from "../../api/client.ts";

/*
 * The admin area's accounts, audit log and overview (server/modules/admin) and its companies
 * (server/modules/companies).
 */

const USERS_KEY = ["admin", "users"] as const;

export function useAdminUsers(search: string, page: number, size: number) {
  const params = new URLSearchParams({ search, page: String(page), size: String(size) });
  return useQuery({
    queryKey: [...USERS_KEY, "list", search, page, size],
    queryFn: () => apiFetch<Page<AdminUser>>(`/api/admin/users?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...USERS_KEY, "one", id],
    queryFn: () => apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`),
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
  const path = `/api/admin/users/${encodeURIComponent(id)}`;
  switch (action) {
    case "disable":
      return apiFetch(`${path}/disable`, { method: "POST" });
    case "enable":
      return apiFetch(`${path}/enable`, { method: "POST" });
    case "resendVerification":
      return apiFetch(`${path}/resend-verification`, { method: "POST" });
    case "grantAdmin":
    case "removeAdmin":
      return apiFetch(`${path}/admin?grant=${action === "grantAdmin"}`, { method: "POST" });
    case "delete":
      return apiFetch(path, { method: "DELETE" });
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
  const params = new URLSearchParams({ action, page: String(page), size: String(size) });
  return useQuery({
    queryKey: ["admin", "audit", action, page, size],
    queryFn: () => apiFetch<Page<AuditEntry>>(`/api/admin/audit?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: ["admin", "overview"],
    queryFn: () => apiFetch<AdminOverview>("/api/admin/overview"),
  });
}

const COMPANIES_KEY = ["admin", "companies"] as const;

export function useAdminCompanies(search: string, page: number, size: number) {
  const params = new URLSearchParams({ search, page: String(page), size: String(size) });
  return useQuery({
    queryKey: [...COMPANIES_KEY, search, page, size],
    queryFn: () => apiFetch<Page<AdminCompany>>(`/api/admin/companies?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useSetSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seatLimit }: { id: string; seatLimit: number | null }) =>
      apiFetch<AdminCompany>(`/api/admin/companies/${encodeURIComponent(id)}/seats`, {
        method: "POST",
        body: JSON.stringify({ seatLimit }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
