import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api/client.ts";

/** Server data cache. A client error (4xx) will not change on retry; only network and 5xx are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
