import { describe, expect, it } from "vitest";
import { lookupKey, matchesAll, matchRanges, PREFIX_MAX, prefixesOf, queryWords, wordsOf } from "./words.ts";

describe("how search reads words", () => {
  it("folds case and accents, and splits on anything but letters and digits", () => {
    expect(wordsOf("Éric LEFÈVRE, 12 rue des Érables")).toEqual([
      "eric",
      "lefevre",
      "12",
      "rue",
      "des",
      "erables",
    ]);
    expect(wordsOf("Noël@exemple.ca")).toEqual(["noel", "exemple", "ca"]);
    // Decomposed input (e + combining acute) reads as the composed one.
    expect(wordsOf("Re\u0301my")).toEqual(wordsOf("Rémy"));
  });

  it("keeps a query's words of two characters or more, once each", () => {
    expect(queryWords("a Éric  eric b")).toEqual(["eric"]);
    expect(queryWords("é")).toEqual([]);
  });

  it("indexes every prefix from two characters up to the kept length, and looks long words up by it", () => {
    expect(prefixesOf("eric")).toEqual(["er", "eri", "eric"]);
    const long = "internationalisation";
    expect(prefixesOf(long).at(-1)).toBe(long.slice(0, PREFIX_MAX));
    expect(lookupKey(long)).toBe(long.slice(0, PREFIX_MAX));
    // The page of candidates a long word finds is checked against the whole word.
    expect(matchesAll(["Internationale"], ["internationalisation"])).toBe(false);
    expect(matchesAll(["Internationalisation des marchés"], ["internationalisation", "march"])).toBe(true);
  });

  it("marks where each query word begins a word, in the text as written", () => {
    expect(matchRanges("Éric Lefèvre", ["eri", "lef"])).toEqual([
      [0, 3],
      [5, 8],
    ]);
    expect(matchRanges("Re\u0301my", ["rem"])).toEqual([[0, 4]]);
    expect(matchRanges("Banque Laurentienne", ["zz"])).toEqual([]);
  });
});
