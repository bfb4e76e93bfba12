import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageFromHeader } from "./languages.ts";

// Spec section 1: "Languages supported for translation: en and fr, default en."
describe("languages", () => {
  it("are en and fr, default en", () => {
    expect(LANGUAGES).toEqual(["en", "fr"]);
    expect(DEFAULT_LANGUAGE).toBe("en");
    expect(isLanguage("fr")).toBe(true);
    expect(isLanguage("de")).toBe(false);
  });

  it("picks the best supported language of an Accept-Language header", () => {
    expect(languageFromHeader("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(languageFromHeader("de-DE,de;q=0.9,fr;q=0.5,en;q=0.4")).toBe("fr");
    expect(languageFromHeader("en;q=0.3, fr;q=0.7")).toBe("fr");
    expect(languageFromHeader("FR")).toBe("fr");
  });

  it("falls back to English", () => {
    expect(languageFromHeader(undefined)).toBe("en");
    expect(languageFromHeader("")).toBe("en");
    expect(languageFromHeader("de,es")).toBe("en");
    expect(languageFromHeader("fr;q=0")).toBe("en");
  });
});
