import { useQueries } from "@tanstack/react-query";
import { sectionListQueries } from "./overviewQueries.ts";
import { LIST_SECTIONS } from "./sections.ts";

/** How many persons each list section holds; undefined while its list loads. */
export function useSectionCounts(): Record<string, number | undefined> {
  const results = useQueries({ queries: sectionListQueries() });
  return Object.fromEntries(
    LIST_SECTIONS.map((section, index) => [section.segment, results[index]?.data?.length]),
  );
}
