import type { Kysely } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { SearchResponse, SearchResult } from "../../../domain/schemas/search.ts";
import type { ShareScope } from "../../../domain/schemas/share.ts";
import type { Actor } from "../../auth/access.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import type { FileScopes } from "../../file/scope-coverage.ts";
import { releasedGrantsOf } from "../sharing/index.ts";
import { termHash } from "./blind-index.ts";
import type { SearchIndexer } from "./indexer.ts";
import type { CategoryLabels } from "./labels.ts";
import { searchRepository } from "./repository.ts";
import type { SearchDoc, SearchSource } from "./source.ts";
import { lookupKey, matchesAll, matchRanges, queryWords } from "./words.ts";

/**
 * How many pages of candidates a filtered search reads, looking for a page that passes: a nominee's
 * or a collaborator's (the scope filters) and a query's words that a category's name narrows.
 */
const FILTERED_PAGES = 4;

/** One owner's results before they are answered: the subject read in clear, and how it matched. */
export type Found = { doc: SearchDoc; match: SearchResult["match"] };

/** Where a subject's words matched: the first field (in the source's order) holding a match. */
function fieldMatch(doc: SearchDoc, words: readonly string[]): SearchResult["match"] | undefined {
  if (
    !matchesAll(
      doc.fields.map((entry) => entry.text),
      words,
    )
  )
    return undefined;
  for (const { field, text } of doc.fields) {
    const ranges = matchRanges(text, words);
    if (ranges.length > 0) return { field, text, ranges };
  }
  return undefined;
}

/** Grouped by kind in the sources' order (the app shows a group per module), then by title. */
function byKindAndTitle(order: ReadonlyMap<string, number>) {
  return (a: Found, b: Found): number =>
    (order.get(a.doc.kind) ?? 0) - (order.get(b.doc.kind) ?? 0) ||
    a.doc.module.localeCompare(b.doc.module) ||
    (a.doc.title ?? "").localeCompare(b.doc.title ?? "");
}

/**
 * The search itself: the query's words hashed under the owner's search key and intersected in the
 * database (blind-index.ts), plus the categories whose labels the words name (labels.ts); then
 * only those subjects, at most a page of them, are read in clear, checked against the words (a
 * stale or colliding term finds nothing) and given their title and highlighted match.
 */
export function createSearch(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  sources: readonly SearchSource[];
  labels: CategoryLabels;
  indexer: SearchIndexer;
  /** What a nominee's or collaborator's scope covers of the owner's file (server/file/scope-coverage.ts). */
  scopes: FileScopes;
  clock: () => number;
}) {
  const { dataKeys, labels, indexer } = options;
  const { clock } = options;
  const terms = searchRepository(options.db);
  const sources = new Map(options.sources.map((source) => [source.kind, source]));
  const order = byKindAndTitle(new Map(options.sources.map((source, index) => [source.kind, index])));

  /** The owner's subjects among `refs`, read in clear; terms of those gone are dropped. */
  async function readFound(ownerId: string, refs: readonly { kind: string; id: string }[]) {
    const docs: SearchDoc[] = [];
    for (const [kind, source] of sources) {
      const ids = refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      if (ids.length === 0) continue;
      const read = await source.read(ownerId, ids);
      const present = new Set(read.map((doc) => doc.id));
      // Deleted by a path that told no hook (a library entry's record goes with its document).
      for (const id of ids) if (!present.has(id)) await indexer.forget(ownerId, kind, id);
      docs.push(...read);
    }
    return docs;
  }

  /** One owner's subjects of `kinds` matching the query's words, at most `limit` (and whether there were more). */
  async function find(
    ownerId: string,
    words: readonly string[],
    kinds: readonly string[],
    language: Language,
    limit: number,
  ): Promise<{ found: Found[]; truncated: boolean }> {
    const key = await dataKeys.searchKeyFor(ownerId);
    /** The subjects whose fields hold these words (at most `candidates` looked at), and whether there were more. */
    async function byWords(these: readonly string[], candidates: number) {
      const hashes = [...new Set(these.map((word) => termHash(key, lookupKey(word))))];
      const refs = await terms.matching(ownerId, hashes, kinds, candidates + 1);
      const matched: Found[] = [];
      for (const doc of await readFound(ownerId, refs)) {
        const match = fieldMatch(doc, these);
        if (match !== undefined) matched.push({ doc, match });
      }
      return { matched, more: refs.length > candidates };
    }

    const found = new Map<string, Found>();
    const direct = await byWords(words, limit);
    for (const entry of direct.matched) found.set(`${entry.doc.kind}:${entry.doc.id}`, entry);
    let truncated = direct.more;
    // Words naming a category with words of its rows ("passeport annabelle"): the first narrow the others.
    const naming = labels.naming(words);
    const rest = words.filter((word) => !naming.includes(word));
    const named = naming.length > 0 && rest.length > 0 ? labels.matching(naming) : [];
    if (named.length > 0) {
      const narrowed = await byWords(rest, limit * FILTERED_PAGES);
      truncated ||= narrowed.more;
      for (const entry of narrowed.matched) {
        if (named.includes(entry.doc.category)) found.set(`${entry.doc.kind}:${entry.doc.id}`, entry);
      }
    }
    const categories = labels.matching(words);
    if (categories.length > 0) {
      for (const source of sources.values()) {
        if (!kinds.includes(source.kind)) continue;
        const named = (await source.readIn?.(ownerId, categories, limit + 1)) ?? [];
        if (named.length > limit) truncated = true;
        for (const doc of named) {
          const id = `${doc.kind}:${doc.id}`;
          if (found.has(id)) continue;
          found.set(id, {
            doc,
            match: { field: "category", ...labels.describe(doc.category, words, language) },
          });
        }
      }
    }
    const sorted = [...found.values()].sort(order);
    return { found: sorted.slice(0, limit), truncated: truncated || sorted.length > limit };
  }

  /**
   * The same search in an owner's file, keeping only what `scope` covers (a collaborator's): the
   * owner's matches are looked through a few pages deep, not to the end, then filtered.
   */
  async function inScope(
    ownerId: string,
    scope: ShareScope,
    words: readonly string[],
    kinds: readonly string[],
    language: Language,
    room: number,
  ): Promise<{ found: Found[]; truncated: boolean }> {
    const coverage = options.scopes.of(ownerId, scope);
    const { found, truncated } = await find(
      ownerId,
      words,
      kinds,
      language,
      LIMITS.searchResultsMax * FILTERED_PAGES,
    );
    const kept: Found[] = [];
    for (const entry of found) {
      if (!(await coverage.covers(entry.doc.kind, entry.doc.id))) continue;
      if (kept.length >= room) return { found: kept, truncated: true };
      kept.push(entry);
    }
    return { found: kept, truncated };
  }

  return {
    find,

    /**
     * GET /api/search: the caller's own file, of the kinds their access opens. A query without a
     * word long enough finds nothing.
     */
    async own(
      ownerId: string,
      query: string,
      kinds: readonly string[],
      language: Language,
    ): Promise<SearchResponse> {
      const words = queryWords(query);
      if (words.length === 0) return { results: [], truncated: false };
      const { found, truncated } = await find(ownerId, words, kinds, language, LIMITS.searchResultsMax);
      return { results: found.map((entry) => toResult(entry, null)), truncated };
    },

    /** GET /api/files/{ownerId}/search: a collaborator's search of the owner's file, within their scope. */
    async collaborating(
      ownerId: string,
      scope: ShareScope,
      query: string,
      kinds: readonly string[],
      language: Language,
    ): Promise<SearchResponse> {
      const words = queryWords(query);
      if (words.length === 0) return { results: [], truncated: false };
      const { found, truncated } = await inScope(
        ownerId,
        scope,
        words,
        kinds,
        language,
        LIMITS.searchResultsMax,
      );
      return { results: found.map((entry) => toResult(entry, null)), truncated };
    },

    /**
     * The same search in the files shared with the caller and released to them: each grant's
     * owner's file, within the grant's scope.
     */
    async shared(actor: Actor, query: string, language: Language, room: number): Promise<SearchResponse> {
      const words = queryWords(query);
      if (words.length === 0 || room <= 0) return { results: [], truncated: false };
      const results: SearchResult[] = [];
      let truncated = false;
      for (const grant of await releasedGrantsOf(options.db, actor, clock())) {
        const { found, truncated: more } = await inScope(
          grant.ownerId,
          grant.scope,
          words,
          [...sources.keys()],
          language,
          room - results.length,
        );
        truncated ||= more;
        results.push(...found.map((entry) => toResult(entry, grant.nominee.id)));
        if (results.length >= room) break;
      }
      return { results, truncated };
    },
  };
}

export type Search = ReturnType<typeof createSearch>;

export function toResult({ doc, match }: Found, nomineeId: string | null): SearchResult {
  return {
    kind: doc.kind,
    module: doc.module,
    category: doc.category,
    id: doc.id,
    title: doc.title,
    match,
    recordId: doc.recordId ?? null,
    nomineeId,
  };
}
