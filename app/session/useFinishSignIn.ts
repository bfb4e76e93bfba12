import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { accountQueryKey, fetchAccount } from "./accountQuery.ts";
import { signedInDestination } from "./homeRoute.ts";

/**
 * After the server has set the session cookie: load the account into the cache (the dashboard's
 * guard then has it at once) and open the page the account's roles lead to.
 */
export function useFinishSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const account = await queryClient.fetchQuery({
      queryKey: accountQueryKey,
      queryFn: fetchAccount,
      staleTime: 0,
    });
    await navigate(signedInDestination(account.roles), { replace: true });
  }, [queryClient, navigate]);
}
