import { z } from "zod";
import { LIMITS } from "../limits.ts";

/**
 * The shell's search (GET /api/search?q=): what it finds, and the shape of its answer, for the
 * server and the app.
 */

/**
 * The kinds of result the app knows how to open, each on its own page. The answer's `kind` is any
 * kind of the owner's file the server searches (server/file/kinds.ts): a bundle older than its
 * server leaves out a kind it does not know.
 */
export const SEARCH_KINDS = ["person", "address", "institution", "record", "document"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export function isSearchKind(kind: string): kind is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(kind);
}

export const searchQuerySchema = z.object({
  q: z.string().max(LIMITS.searchQueryMax).default(""),
});

/** [start, end) character offsets of `text` that the query's words matched. */
const rangeSchema = z.tuple([z.number().int(), z.number().int()]);

export const searchResultSchema = z.object({
  /** The kind of the owner's file it is (the app opens those of SEARCH_KINDS). */
  kind: z.string(),
  /** A record's or document's module, "personal-network" for persons, addresses and institutions. */
  module: z.string(),
  /** A record's category, a person's group, a document's type; "" for addresses and institutions. */
  category: z.string(),
  id: z.string(),
  /** What names it (a person's name, a nickname, a record's first text column); null when nothing does. */
  title: z.string().nullable(),
  /**
   * Where the query matched: a field's key and its text, or "category" and the category's label in
   * the reader's language when the query named the category.
   */
  match: z.object({ field: z.string(), text: z.string(), ranges: z.array(rangeSchema) }),
  /** A document attached to a record: that record (its page shows the document); null otherwise. */
  recordId: z.string().nullable(),
  /** A nominee's result from a file shared with them: the grant it comes through; null for one's own. */
  nomineeId: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
/** A result of a kind the app opens. */
export type OpenableResult = SearchResult & { kind: SearchKind };

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** More matched than the answer holds: the app asks for more words. */
  truncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
