import { useQuery, useQueryClient } from "@tanstack/react-query";
import { accountApi } from "../../domain/api/account.ts";
import type { Language } from "../../domain/catalog/languages.ts";
import type { Accent, ThemeMode } from "../../domain/catalog/themes.ts";
import type { Account } from "../../domain/schemas/account.ts";
import { callApi } from "../api/client.ts";
import { accountQuery, accountQueryKey } from "./accountQuery.ts";

export { accountQueryKey, fetchAccount } from "./accountQuery.ts";

/** The one query of the signed-in account; every screen reads roles, language and theme from it. */
export function useAccount() {
  return useQuery(accountQuery);
}

/** After a change answered with the updated account (save, splash flags), store it as the cache. */
export function useSetAccount(): (account: Account) => void {
  const queryClient = useQueryClient();
  return (account) => queryClient.setQueryData(accountQueryKey, account);
}

/**
 * Stores a language or theme chosen in the header on the account, so every device and the next
 * visit use it (the account's values are applied on load: see useAccountPreferences).
 */
export function useSaveAccountPreference(): (changes: {
  lang?: Language;
  themeColor?: Accent;
  themeMode?: ThemeMode;
}) => void {
  const setAccount = useSetAccount();
  const signedIn = useAccount().data !== undefined;
  return (changes) => {
    if (!signedIn) return;
    void callApi(accountApi.save, { body: changes })
      .then(setAccount)
      .catch(() => {
        // The choice still applies on this device; the account keeps its previous value.
      });
  };
}
