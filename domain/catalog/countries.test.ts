import { describe, expect, it } from "vitest";
import { countryName, countryOptions, isCountryCode } from "./countries.ts";
import { CANADA, UNITED_KINGDOM, UNITED_STATES } from "./countryCodes.ts";

describe("countries", () => {
  it("names the three countries the address rules single out", () => {
    expect(countryName(CANADA, "en")).toBe("Canada");
    expect(countryName(UNITED_KINGDOM, "en")).toBe("United Kingdom");
    expect(countryName(UNITED_KINGDOM, "fr")).toBe("Royaume-Uni");
    expect(countryName(UNITED_STATES, "en")).toBe("United States of America");
    expect(countryName(UNITED_STATES, "fr")).toBe("États-Unis d'Amérique");
  });

  it("offers every ISO 3166-1 country in both languages with the same codes", () => {
    const en = countryOptions("en");
    const fr = countryOptions("fr");
    expect(en.length).toBeGreaterThanOrEqual(249);
    expect(new Set(fr.map((option) => option.code))).toEqual(new Set(en.map((option) => option.code)));
    for (const option of [...en, ...fr]) expect(option.label).not.toBe("");
  });

  it("sorts by label with the language's collation, accents beside their letter", () => {
    for (const lng of ["en", "fr"] as const) {
      const labels = countryOptions(lng).map((option) => option.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(lng, { sensitivity: "base" }).compare));
    }
    const fr = countryOptions("fr").map((option) => option.label);
    // "Égypte" sorts among the E's, not after "Zimbabwe" as a code-point sort would put it.
    expect(fr.indexOf("Égypte")).toBeLessThan(fr.indexOf("Érythrée"));
    expect(fr.indexOf("Égypte")).toBeLessThan(fr.indexOf("Zimbabwe"));
    expect(fr.indexOf("Égypte")).toBeGreaterThan(fr.indexOf("Dominique"));
  });

  it("accepts only known upper-case alpha-2 codes", () => {
    expect(isCountryCode("CA")).toBe(true);
    expect(isCountryCode("ca")).toBe(false);
    expect(isCountryCode("CAN")).toBe(false);
    expect(isCountryCode("ZZ")).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
    expect(countryName("ZZ", "en")).toBeUndefined();
  });
});
