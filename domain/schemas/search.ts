import { z } from "zod";
import { LIMITS } from "../limits.ts";

/**
 * The shell's search (GET /api/search?q=): what it finds, and the shape of its answer, for the
 * server and the app.
 */

/** What a result is: each opens its own page. */
export const SEARCH_KINDS = ["person", "address", "institution", "record", "document"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z.object({
  q: z.string().max(LIMITS.searchQueryMax).default(""),
});

/** [start, end) character offsets of `text` that the query's words matched. */
const rangeSchema = z.tuple([z.number().int(), z.number().int()]);

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
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

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** More matched than the answer holds: the app asks for more words. */
  truncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
