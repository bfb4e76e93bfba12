import { LANGUAGES, type Language } from "../../../domain/catalog/languages.ts";
import { ASSIGNED_TYPES } from "../../../domain/sections/assignedTypes.ts";
import { categoryLabelKey, categoryOneKey } from "../../../domain/sections/labels.ts";
import type { LocaleStore } from "../../i18n/locale-store.ts";
import { matchRanges, wordsOf } from "./words.ts";

/**
 * Categories found by their names: a query whose every word begins a word of a category's label,
 * in any language ("passport", "passeport"), finds that category's records (or a person group's
 * persons); the words of a query that name categories narrow what its other words find
 * ("passeport annabelle"). Labels come from the catalogue's locales, read once; nothing about them
 * is stored.
 */

type Labelled = {
  category: string;
  /** The folded words of its labels, in every language. */
  words: readonly string[];
  one: Readonly<Record<Language, string>>;
};

function names(entry: Labelled, word: string): boolean {
  return entry.words.some((candidate) => candidate.startsWith(word));
}

export type CategoryLabels = {
  /** The categories (record categories and person groups) every word of the query names. */
  matching(words: readonly string[]): string[];
  /** The query's words that begin a word of some category's label. */
  naming(words: readonly string[]): string[];
  /** How a category's match reads in the reader's language: its label and the matched ranges. */
  describe(
    category: string,
    words: readonly string[],
    language: Language,
  ): { text: string; ranges: [number, number][] };
};

export function categoryLabels(locales: Pick<LocaleStore, "translate">): CategoryLabels {
  // The record categories and the Personal Network's groups ("tree" is a page, no group holds it).
  const labelled: Labelled[] = ASSIGNED_TYPES.map((category) => {
    const keys = [categoryLabelKey(category), categoryOneKey(category)];
    const one = Object.fromEntries(
      LANGUAGES.map((language) => [language, locales.translate(language, categoryOneKey(category))]),
    ) as Record<Language, string>;
    return {
      category,
      words: LANGUAGES.flatMap((language) =>
        keys.flatMap((key) => wordsOf(locales.translate(language, key))),
      ),
      one,
    };
  });
  const byCategory = new Map(labelled.map((entry) => [entry.category, entry]));

  return {
    matching(words) {
      if (words.length === 0) return [];
      return labelled
        .filter((entry) => words.every((word) => names(entry, word)))
        .map((entry) => entry.category);
    },
    naming(words) {
      return words.filter((word) => labelled.some((entry) => names(entry, word)));
    },
    describe(category, words, language) {
      const one = byCategory.get(category)?.one;
      if (one === undefined) return { text: category, ranges: [] };
      // The reader's language first; a query in the other language shows the label it matched.
      const described = [language, ...LANGUAGES.filter((other) => other !== language)].map((lng) => ({
        text: one[lng],
        ranges: matchRanges(one[lng], words),
      }));
      return described.find((label) => label.ranges.length > 0) ?? { text: one[language], ranges: [] };
    },
  };
}
