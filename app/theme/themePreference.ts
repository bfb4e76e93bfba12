import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_THEME, isThemeKey, type ThemeKey } from "../../domain/catalog/themes.ts";

/** Where the theme choice is remembered until the account stores it (themeColor). */
export const THEME_STORAGE_KEY = "kinfile.theme";

const listeners = new Set<() => void>();
/** Holds the choice when storage is blocked (private mode, quota), so it lasts for this visit. */
let memoryTheme: ThemeKey | null = null;

function readStoredTheme(): ThemeKey {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeKey(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function writeStoredTheme(theme: ThemeKey): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    memoryTheme = theme;
  }
  for (const listener of listeners) listener();
}

function snapshot(): ThemeKey {
  return memoryTheme ?? readStoredTheme();
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
 * The one place the theme is read and changed. When accounts arrive, this hook also saves the
 * choice to the account and takes the account's themeColor as the starting value.
 */
export function useThemePreference(): [ThemeKey, (theme: ThemeKey) => void] {
  const theme = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_THEME);
  const setTheme = useCallback((next: ThemeKey) => writeStoredTheme(next), []);
  return [theme, setTheme];
}
