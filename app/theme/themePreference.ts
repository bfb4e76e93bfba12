import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_THEME, parseThemeKey, type Theme, themeKey } from "../../domain/catalog/themes.ts";

/** Where the theme choice is remembered ("mode-accent"; the account stores it too). */
export const THEME_STORAGE_KEY = "kinfile.theme";

/** The device's own setting, which the "system" mode follows. */
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

export type ColorScheme = "light" | "dark";

const listeners = new Set<() => void>();
/** Holds the choice when storage is blocked (private mode, quota), so it lasts for this visit. */
let memoryTheme: string | null = null;

function readStoredKey(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStoredTheme(theme: Theme): void {
  const key = themeKey(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, key);
  } catch {
    memoryTheme = key;
  }
  for (const listener of listeners) listener();
}

/** The stored key, a string so that useSyncExternalStore compares snapshots by value. */
function snapshot(): string {
  return themeKey(parseThemeKey(memoryTheme ?? readStoredKey()) ?? DEFAULT_THEME);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the theme changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The one place the theme is read and changed. An old single-choice key is read as the mode and
 * accent it looked like, and written in the new form at the next change.
 */
export function useThemePreference(): [Theme, (theme: Theme) => void] {
  const key = useSyncExternalStore(subscribe, snapshot, () => themeKey(DEFAULT_THEME));
  const theme = parseThemeKey(key) ?? DEFAULT_THEME;
  const setTheme = useCallback((next: Theme) => writeStoredTheme(next), []);
  return [theme, setTheme];
}

function subscribeToSystemScheme(listener: () => void): () => void {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

function systemScheme(): ColorScheme {
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? "dark" : "light";
}

/** The scheme the page is drawn in: the chosen mode, or the device's, followed as it changes. */
export function useColorScheme(): ColorScheme {
  const [theme] = useThemePreference();
  const system = useSyncExternalStore(subscribeToSystemScheme, systemScheme, () => "light" as const);
  return theme.mode === "system" ? system : theme.mode;
}
