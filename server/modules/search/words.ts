import { LIMITS } from "../../../domain/limits.ts";

/**
 * How search reads text: words are runs of letters and digits, lower-cased with their accents
 * folded ("Éric" -> "eric"), so that a query matches however either side was typed. A query's
 * word matches a text's word it begins ("pass" finds "Passport").
 */

/** Longest prefix the index keeps of a word: longer query words are looked up by it, then checked. */
export const PREFIX_MAX = 12;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** One character (or a run of them) folded: decomposed, its combining marks dropped, lower-cased. */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** The folded words of a text, in order (a folded word may itself split, as "æ" does not). */
export function wordsOf(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** A query's words, each as the index looks it up; words shorter than the minimum are left out. */
export function queryWords(query: string): string[] {
  const words = wordsOf(query).filter((word) => word.length >= LIMITS.searchWordMin);
  return [...new Set(words)];
}

/** Every prefix of the word the index keeps: from the minimum length to PREFIX_MAX characters. */
export function prefixesOf(word: string): string[] {
  const prefixes: string[] = [];
  for (let length = LIMITS.searchWordMin; length <= Math.min(word.length, PREFIX_MAX); length++) {
    prefixes.push(word.slice(0, length));
  }
  return prefixes;
}

/** The key a query word is looked up by: the word itself, or its longest kept prefix. */
export function lookupKey(word: string): string {
  return word.slice(0, PREFIX_MAX);
}

/**
 * Where each of the query's words begins a word of `text`: [start, end) offsets in the text as
 * written, covering the matched beginning of each word (the fold may change lengths, so each
 * character is folded on its own).
 */
export function matchRanges(text: string, words: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const found of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const original = found[0];
    const folded = fold(original);
    const word = words
      .filter((candidate) => folded.startsWith(candidate))
      .sort((a, b) => b.length - a.length)[0];
    if (word === undefined) continue;
    let end = 0;
    let length = 0;
    for (const character of original) {
      if (length >= word.length) break;
      length += fold(character).length;
      end += character.length;
    }
    ranges.push([found.index, found.index + end]);
  }
  return ranges;
}

/** Whether every query word begins some word of these texts. */
export function matchesAll(texts: readonly string[], words: readonly string[]): boolean {
  const present = texts.flatMap(wordsOf);
  return words.every((word) => present.some((candidate) => candidate.startsWith(word)));
}
