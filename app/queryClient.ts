import { MutationCache, QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { ApiError } from "./api/client.ts";

/** What a save or a delete says when it worked: a `common:saved.*` key, shown as a toast. */
export type SavedToast = "saved" | "deleted" | "added";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { toast?: SavedToast };
  }
}

/**
 * Server data cache. A client error (4xx) will not change on retry; only network and 5xx are
 * retried. A mutation declaring `meta: { toast }` says so in a toast once it succeeds: the one place
 * every save and delete of the file confirms itself, in the UI language of the moment.
 */
export function createQueryClient(options: { t: TFunction; retry?: boolean }): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const toast = mutation.meta?.toast;
        // Loaded with the first toast: the sign-in page never needs the notifications library.
        if (toast !== undefined) {
          void import("./shell/toast.ts").then(({ showToast }) =>
            showToast(options.t(`common:saved.${toast}`)),
          );
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry:
          options.retry === false
            ? false
            : (failureCount, error) =>
                failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
