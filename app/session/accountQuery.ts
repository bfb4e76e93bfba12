import type { QueryClient } from "@tanstack/react-query";
import { accountApi } from "../../domain/api/account.ts";
import type { Account } from "../../domain/schemas/account.ts";
import { callApi } from "../api/client.ts";

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
  return callApi(accountApi.account, { redirectOnUnauthorized: false });
}

/** How long a fetched account counts as fresh: the guard does not ask again within a minute. */
export const ACCOUNT_STALE_MS = 60_000;

/** The account's query, as the guard (useAccount) and the start-up's prefetches read it. */
export const accountQuery = { queryKey: accountQueryKey, queryFn: fetchAccount, staleTime: ACCOUNT_STALE_MS };

/**
 * Starts fetching the account into the cache the guard (useAccount) reads, so a signed-in screen's
 * first request runs alongside the download of its code instead of after it (main.tsx).
 */
export function prefetchAccount(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(accountQuery);
}
