import type { Account } from "../../domain/schemas/account.ts";
import { apiFetch } from "../api/client.ts";

/*
 * The account's fetch without React Query's hooks, so the sign-in page (which only fetches once,
 * after sign-in) does not carry useQuery. account.ts re-exports both.
 */

export const accountQueryKey = ["account"] as const;

/**
 * A 401 here is answered by the route guard (RequireSession), which observes this same query and
 * sends a visitor without a session to sign-in, rather than by the app-wide redirect.
 */
export function fetchAccount(): Promise<Account> {
  return apiFetch<Account>("/api/account/account", {}, { redirectOnUnauthorized: false });
}
