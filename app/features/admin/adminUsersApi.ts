import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, AuditEntry } from "../../../domain/schemas/admin.ts";
import type { Page } from "../../../domain/schemas/page.ts";
import { apiFetch } from "../../api/client.ts";

/* The admin area's accounts and audit log (server/modules/admin/users.ts). */

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
    queryFn: () => apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`),
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
