import { describe, expect, it } from "vitest";
import { accountTheme, DEFAULT_THEME, parseThemeKey, storedThemeKeys, themeKey } from "./themes.ts";

describe("themes", () => {
  it("follow the system in blue by default", () => {
    expect(DEFAULT_THEME).toEqual({ mode: "system", accent: "blue" });
  });

  it("are stored as one key and read back", () => {
    expect(themeKey({ mode: "dark", accent: "purple" })).toBe("dark-purple");
    expect(parseThemeKey("dark-purple")).toEqual({ mode: "dark", accent: "purple" });
    expect(storedThemeKeys().every(([key, theme]) => parseThemeKey(key)?.accent === theme.accent)).toBe(true);
  });

  it("read an old single-choice key as the mode and accent it looked like", () => {
    expect(parseThemeKey("default")).toEqual({ mode: "system", accent: "blue" });
    expect(parseThemeKey("light")).toEqual({ mode: "light", accent: "purple" });
    expect(parseThemeKey("dark")).toEqual({ mode: "dark", accent: "green" });
  });

  it("refuse anything else", () => {
    for (const value of [
      "Dark",
      "dark-pink",
      "night-blue",
      "dark-blue-x",
      "",
      null,
      undefined,
      "constructor",
    ]) {
      expect(parseThemeKey(value), String(value)).toBeNull();
    }
  });

  it("read the account's columns, an old value included", () => {
    expect(accountTheme("green", "light")).toEqual({ mode: "light", accent: "green" });
    expect(accountTheme("dark", null)).toEqual({ mode: "dark", accent: "green" });
    expect(accountTheme(null, null)).toEqual(DEFAULT_THEME);
  });
});
