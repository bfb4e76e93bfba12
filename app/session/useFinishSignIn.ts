import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { accountQueryKey, fetchAccount } from "./accountQuery.ts";
import { RETURN_PARAM, signedInDestination } from "./homeRoute.ts";

/**
 * True where the page signed in on is not the app but the sign-in page's island
 * (features/login/SignInIsland.tsx), which carries none of the signed-in screens: the signed-in
 * page then opens by a full page load, for the server to send the app.
 */
export const SignInIslandContext = createContext(false);

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
  const onIsland = useContext(SignInIslandContext);
  return useCallback(async () => {
    const account = await queryClient.fetchQuery({
      queryKey: accountQueryKey,
      queryFn: fetchAccount,
      staleTime: 0,
    });
    const destination = signedInDestination(account.roles, next);
    // Replacing the sign-in page in the history either way, as the app's navigation does.
    if (onIsland) window.location.replace(destination);
    else await navigate(destination, { replace: true });
  }, [queryClient, navigate, next, onIsland]);
}
