/**
 * A theme is two choices: the mode (light, dark, or the system's, which follows the device's
 * setting as it changes) and the accent colour. The account stores both (themeMode, themeColor);
 * the browser keeps them as one key, "mode-accent".
 */
export const THEME_MODES = ["system", "light", "dark"] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const ACCENTS = ["blue", "purple", "green"] as const;
export type Accent = (typeof ACCENTS)[number];

export type Theme = { mode: ThemeMode; accent: Accent };

export const DEFAULT_THEME: Theme = { mode: "system", accent: "blue" };

/** Each accent's Mantine colour. */
export const ACCENT_COLOR: Record<Accent, "blue" | "violet" | "green"> = {
  blue: "blue",
  purple: "violet",
  green: "green",
};

/**
 * The single-choice themes stored before mode and accent were apart, read as the two choices they
 * looked like; the old default, which nobody chose, follows the system.
 */
export const LEGACY_THEMES: Readonly<Record<string, Theme>> = {
  default: { mode: "system", accent: "blue" },
  light: { mode: "light", accent: "purple" },
  dark: { mode: "dark", accent: "green" },
};

/**
 * Themes the browser journeys check with axe: every accent and both schemes, in as few pages as
 * that takes.
 */
export const THEME_SAMPLES: readonly Theme[] = [
  { mode: "light", accent: "blue" },
  { mode: "light", accent: "purple" },
  { mode: "dark", accent: "green" },
];

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

export function isAccent(value: unknown): value is Accent {
  return typeof value === "string" && (ACCENTS as readonly string[]).includes(value);
}

/** A theme as the browser stores it: "dark-green". */
export function themeKey(theme: Theme): string {
  return `${theme.mode}-${theme.accent}`;
}

/** A stored key read back, an old single-choice key included; null for anything else. */
export function parseThemeKey(value: unknown): Theme | null {
  if (typeof value !== "string") return null;
  if (Object.hasOwn(LEGACY_THEMES, value)) return LEGACY_THEMES[value] ?? null;
  const [mode, accent, ...rest] = value.split("-");
  return rest.length === 0 && isThemeMode(mode) && isAccent(accent) ? { mode, accent } : null;
}

/** Every key the browser may hold, current and old, with the theme it means. */
export function storedThemeKeys(): [string, Theme][] {
  const current = THEME_MODES.flatMap((mode) =>
    ACCENTS.map((accent): [string, Theme] => [themeKey({ mode, accent }), { mode, accent }]),
  );
  return [...current, ...Object.entries(LEGACY_THEMES)];
}

/**
 * The account's two columns read as a theme: an old single-choice value in themeColor is taken
 * for the two choices it looked like; anything unknown falls back to the default.
 */
export function accountTheme(themeColor: unknown, themeMode: unknown): Theme {
  if (typeof themeColor === "string" && Object.hasOwn(LEGACY_THEMES, themeColor)) {
    return LEGACY_THEMES[themeColor] ?? DEFAULT_THEME;
  }
  return {
    mode: isThemeMode(themeMode) ? themeMode : DEFAULT_THEME.mode,
    accent: isAccent(themeColor) ? themeColor : DEFAULT_THEME.accent,
  };
}

/** A theme as the account's two fields (GET and POST /api/account). */
export function themeAccountFields(theme: Theme): { themeColor: Accent; themeMode: ThemeMode } {
  return { themeColor: theme.accent, themeMode: theme.mode };
}
