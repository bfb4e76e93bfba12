import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, isThemeKey, THEME_LOOK, THEMES } from "./themes.ts";

// Spec section 9: "Themes: dark, light, default."
describe("themes", () => {
  it("are the spec's three, default first", () => {
    expect([...THEMES].sort()).toEqual(["dark", "default", "light"]);
    expect(DEFAULT_THEME).toBe("default");
  });

  it("look blue, purple and green, only dark in the dark scheme", () => {
    expect(THEME_LOOK).toEqual({
      default: { primaryColor: "blue", colorScheme: "light" },
      light: { primaryColor: "violet", colorScheme: "light" },
      dark: { primaryColor: "green", colorScheme: "dark" },
    });
  });

  it("guard keys", () => {
    expect(isThemeKey("dark")).toBe(true);
    expect(isThemeKey("Dark")).toBe(false);
    expect(isThemeKey(undefined)).toBe(false);
  });
});
