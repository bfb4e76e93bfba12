import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { searchApi } from "../../../domain/api/search.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { SearchResponse } from "../../../domain/schemas/search.ts";
import { callApi } from "../../api/client.ts";

/** Whether the server would look for anything: one word long enough (words.ts on the server). */
export function isSearchable(query: string): boolean {
  return query
    .normalize("NFKD")
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => word.length >= LIMITS.searchWordMin);
}

/** GET /api/search for a (debounced) query; nothing is asked for a query too short. */
export function useSearchResults(query: string) {
  const q = query.trim().slice(0, LIMITS.searchQueryMax);
  return useQuery({
    queryKey: ["search", q],
    queryFn: ({ signal }): Promise<SearchResponse> => callApi(searchApi.search, { query: { q }, signal }),
    enabled: isSearchable(q),
    // What was typed a moment ago stays on screen while the next answer comes.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
