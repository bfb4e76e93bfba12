/**
 * The three account themes of the spec: default (blue), light (purple) and dark (green).
 * The app maps each to a Mantine primary colour and colour scheme; the account stores the key.
 */
export const THEMES = ["default", "light", "dark"] as const;
export type ThemeKey = (typeof THEMES)[number];

export const DEFAULT_THEME: ThemeKey = "default";

export const THEME_LOOK: Record<
  ThemeKey,
  { primaryColor: "blue" | "violet" | "green"; colorScheme: "light" | "dark" }
> = {
  default: { primaryColor: "blue", colorScheme: "light" },
  light: { primaryColor: "violet", colorScheme: "light" },
  dark: { primaryColor: "green", colorScheme: "dark" },
};

export function isThemeKey(value: unknown): value is ThemeKey {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}
