/**
 * The browser's side of a prerendered page (app/prerender.tsx, prerender.config.ts): whether
 * its entry (signInIsland.tsx) may hydrate the HTML the server sent, and the check that hides it
 * before it is painted when it cannot.
 *
 * The server draws the page in the language it reads from Accept-Language, in the default theme.
 * A reader who chose another language or theme in this browser (kept in localStorage, which only
 * the page sees) would see the wrong one until the script arrives: for them the page stays hidden
 * and its entry draws it anew, as main.tsx draws every page that is not prerendered.
 */
import { DEFAULT_THEME, THEME_LOOK, THEMES } from "../domain/catalog/themes.ts";
import { detectLanguage, LANGUAGE_STORAGE_KEY } from "./i18n/i18n.ts";
import { THEME_STORAGE_KEY } from "./theme/themePreference.ts";

/** Set on <html> by the check when the page sent does not fit the reader's stored choices. */
const UNFIT_ATTRIBUTE = "data-prerender-unfit";

/** The colour scheme the page is drawn in, set on <html> as Mantine would once its script runs. */
export const PRERENDERED_COLOR_SCHEME = THEME_LOOK[DEFAULT_THEME].colorScheme;

/** Hides the page sent while the check says it does not fit (a style: the CSP allows inline ones). */
export const UNFIT_STYLE = `html[${UNFIT_ATTRIBUTE}] #root{visibility:hidden}`;

/**
 * The check, a classic script in <head> (the CSP refuses inline scripts, so it is a file): it runs
 * before the first paint, where the page's entry, a module, runs only after it. It also gives the page the
 * stored theme's colour scheme at once, so that a dark theme's background is dark from the start.
 */
export function unfitCheckScript(): string {
  const stored = (key: string) => `localStorage.getItem(${JSON.stringify(key)})`;
  const schemes = Object.fromEntries(THEMES.map((theme) => [theme, THEME_LOOK[theme].colorScheme]));
  return (
    `try{var d=document.documentElement,l=${stored(LANGUAGE_STORAGE_KEY)},t=${stored(THEME_STORAGE_KEY)},` +
    `s=${JSON.stringify(schemes)}[t];if(typeof s=="string")d.setAttribute("data-mantine-color-scheme",s);` +
    `if((l&&l!==d.lang)||(t&&t!==${JSON.stringify(DEFAULT_THEME)}))d.setAttribute(${JSON.stringify(UNFIT_ATTRIBUTE)},"")}` +
    // Blocked storage: nothing was chosen here, so the page sent fits.
    "catch(e){}\n"
  );
}

/**
 * True when the container holds a page the server drew that fits this reader: the language
 * the page's entry starts in is the page's, and the check found no other stored theme or language.
 */
export function canHydrate(container: HTMLElement): boolean {
  const root = document.documentElement;
  return container.hasChildNodes() && !root.hasAttribute(UNFIT_ATTRIBUTE) && detectLanguage() === root.lang;
}

/** Empties a page that cannot be hydrated, and shows the container again for the new drawing. */
export function discardPrerenderedPage(container: HTMLElement): void {
  container.replaceChildren();
  document.documentElement.removeAttribute(UNFIT_ATTRIBUTE);
}
