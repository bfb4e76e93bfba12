import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { searchApi } from "../../../domain/api/search.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { isSearchKind, type OpenableResult, type SearchResponse } from "../../../domain/schemas/search.ts";
import { callApi } from "../../api/client.ts";

/** Whether the server would look for anything: one word long enough (words.ts on the server). */
export function isSearchable(query: string): boolean {
  return query
    .normalize("NFKD")
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => word.length >= LIMITS.searchWordMin);
}

/** The results the app can open: a kind newer than this bundle is left out. */
function openable(response: SearchResponse): { results: OpenableResult[]; truncated: boolean } {
  return {
    results: response.results.filter((result): result is OpenableResult => isSearchKind(result.kind)),
    truncated: response.truncated,
  };
}

/**
 * GET /api/search for a (debounced) query (in an owner's file open, their collaborator's search,
 * through the typed client's prefix); nothing is asked for a query too short.
 */
export function useSearchResults(query: string) {
  const q = query.trim().slice(0, LIMITS.searchQueryMax);
  return useQuery({
    queryKey: ["search", q],
    queryFn: ({ signal }): Promise<SearchResponse> => callApi(searchApi.search, { query: { q }, signal }),
    select: openable,
    enabled: isSearchable(q),
    // What was typed a moment ago stays on screen while the next answer comes.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
