import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { homeApi } from "../../../domain/api/home.ts";
import { hasFullAccess } from "../../../domain/roles.ts";
import type { Home } from "../../../domain/schemas/home.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import { callApi } from "../../api/client.ts";
import { accountQuery } from "../../session/accountQuery.ts";
import { HOME_QUERY_KEY } from "./homeQueryKey.ts";

/** The home's answer: progress, next steps, reminders, nominees, binder (GET /api/home). */
export const homeQuery = {
  queryKey: HOME_QUERY_KEY,
  queryFn: (): Promise<Home> => callApi(homeApi.home),
  // Read again at each visit: a person, a nominee or a binder saved elsewhere moves it on too.
  staleTime: 0,
};

/** The home's answer; `enabled` false where there is no owner's file to read (a shared file). */
export function useHome(enabled = true) {
  return useQuery({ ...homeQuery, enabled });
}

/**
 * Asks for the home's answer while its code downloads (main.tsx, when a page load opens on it),
 * once the account allows it: without full access the guard sends the reader elsewhere.
 */
export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  try {
    const account = await queryClient.ensureQueryData(accountQuery);
    if (hasFullAccess(account.roles)) void queryClient.prefetchQuery(homeQuery);
  } catch {
    // No session: the guard sends the reader to sign in.
  }
}

export type NotApplicableChange = { module: RecordModule; category: string; notApplicable: boolean };

/** Marks a category "I don't have this", or undoes it; the home's progress is read again after. */
export function useNotApplicable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ module, category, notApplicable }: NotApplicableChange) =>
      callApi(notApplicable ? homeApi.markNotApplicable : homeApi.unmarkNotApplicable, {
        params: { module, category },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOME_QUERY_KEY }),
  });
}
