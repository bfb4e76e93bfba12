import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { accountQueryKey, fetchAccount } from "./accountQuery.ts";
import { RETURN_PARAM, signedInDestination } from "./homeRoute.ts";

/**
 * After the server has set the session cookie: load the account into the cache (the dashboard's
 * guard then has it at once) and open the page the visitor asked for before signing in (a link
 * from an email, say), or else the page the account's roles lead to.
 */
export function useFinishSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get(RETURN_PARAM);
  return useCallback(async () => {
    const account = await queryClient.fetchQuery({
      queryKey: accountQueryKey,
      queryFn: fetchAccount,
      staleTime: 0,
    });
    await navigate(signedInDestination(account.roles, next), { replace: true });
  }, [queryClient, navigate, next]);
}
