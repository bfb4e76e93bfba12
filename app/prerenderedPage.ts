/**
 * The browser's side of a prerendered page (web/prerender.tsx, web/prerender-plugin.ts): whether
 * its entry (signInIsland.tsx) may hydrate the HTML the server sent, and the check that hides it
 * before it is painted when it cannot; and the drawn signed-in screens the app replaces
 * (takeOverDrawnScreen).
 *
 * The server draws the page in the language it reads from Accept-Language, in the default theme.
 * A reader who chose another language or theme in this browser (kept in localStorage, which only
 * the page sees) would see the wrong one until the script arrives: for them the page stays hidden
 * and its entry draws it anew, as main.tsx draws every page that is not prerendered.
 */
import { DEFAULT_THEME, storedThemeKeys } from "../domain/catalog/themes.ts";
import { detectLanguage, LANGUAGE_STORAGE_KEY } from "./i18n/i18n.ts";
import { DARK_SCHEME_QUERY, THEME_STORAGE_KEY } from "./theme/themePreference.ts";

/** Set on <html> by the check when the page sent does not fit the reader's stored choices. */
const UNFIT_ATTRIBUTE = "data-prerender-unfit";

/**
 * The colour scheme the page is drawn in, set on <html> as Mantine would once its script runs: the
 * default theme follows the device, and a light one is the likelier.
 */
export const PRERENDERED_COLOR_SCHEME = "light";

/**
 * Where a signed-in screen's drawing goes (web/drawn-screens.ts), beside the app's #root: it is not
 * the app's own tree (the app draws anew, with the reader's data), so React never hydrates nor
 * empties it.
 */
export const DRAWN_SCREEN_ID = "drawn-screen";

/**
 * Hides the page sent while the check says it does not fit (a style: the CSP allows inline ones),
 * and the app's #root while a drawn screen stands in for it.
 */
export const UNFIT_STYLE =
  `html[${UNFIT_ATTRIBUTE}] #root,html[${UNFIT_ATTRIBUTE}] #${DRAWN_SCREEN_ID}{visibility:hidden}` +
  `#${DRAWN_SCREEN_ID}~#root{display:none}`;

/**
 * The check, a classic script in <head> (the CSP refuses inline scripts, so it is a file): it runs
 * before the first paint, where the page's entry, a module, runs only after it. It also gives the page the
 * stored theme's colour scheme at once (the device's for the system mode), so that a dark page is
 * dark from the start. The page sent fits only its own language, the default accent and the light scheme.
 */
export function unfitCheckScript(): string {
  const stored = (key: string) => `localStorage.getItem(${JSON.stringify(key)})`;
  // Each stored key's scheme (null: the device's) and accent; an old single-choice key included.
  const themes = Object.fromEntries(
    storedThemeKeys().map(([key, theme]) => [
      key,
      [theme.mode === "system" ? null : theme.mode, theme.accent],
    ]),
  );
  const fallback = [null, DEFAULT_THEME.accent];
  return (
    `try{var d=document.documentElement,l=${stored(LANGUAGE_STORAGE_KEY)},t=${stored(THEME_STORAGE_KEY)},` +
    `k=${JSON.stringify(themes)},c=(t&&Object.prototype.hasOwnProperty.call(k,t)?k[t]:${JSON.stringify(fallback)}),` +
    `s=c[0]||(matchMedia(${JSON.stringify(DARK_SCHEME_QUERY)}).matches?"dark":"light");` +
    `d.setAttribute("data-mantine-color-scheme",s);` +
    `if((l&&l!==d.lang)||s!==${JSON.stringify(PRERENDERED_COLOR_SCHEME)}||c[1]!==${JSON.stringify(DEFAULT_THEME.accent)})` +
    `d.setAttribute(${JSON.stringify(UNFIT_ATTRIBUTE)},"")}` +
    // Blocked storage: nothing was chosen here, so the page sent fits.
    "catch(e){}\n"
  );
}

/**
 * The script that starts the app under a drawn signed-in screen, a classic script file as the check
 * is. It waits until the drawing has been painted: Lighthouse's model of a phone counts, in that
 * paint, every script run before it and every file fetched by then, whatever its priority. Then it
 * asks for the start-up module at `entryUrl`, and at once for what the screen's code will ask for
 * (`modules`, and the translation namespaces in the page's language). A page opened in the
 * background, which paints nothing until shown, starts at once.
 */
export function startAfterPaintScript(
  entryUrl: string,
  modules: readonly string[],
  namespaces: readonly string[],
): string {
  // Each link asked for costs the main thread some work, so each is added in a task of its own.
  return (
    "(function(){function ask(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;" +
    "l.crossOrigin='';if(as)l.as=as;document.head.appendChild(l)}" +
    // The translations first, in their order ("common" leads): the app fetches "common" in its
    // first steps, and a preload asked for after the app's own fetch would fetch the file again.
    `var lang=document.documentElement.lang,links=${JSON.stringify(namespaces)}.map(function(n){return['preload','/locales/'+lang+'/'+n+'.json','fetch']})` +
    `.concat(${JSON.stringify(modules)}.map(function(m){return['modulepreload',m]}));` +
    "function askNext(){var l=links.shift();if(l){ask(l[0],l[1],l[2]);setTimeout(askNext,0)}}" +
    `function start(){import(${JSON.stringify(entryUrl)});setTimeout(askNext,0)}` +
    "if(document.visibilityState==='hidden')start();" +
    "else requestAnimationFrame(function(){setTimeout(start,0)})})();\n"
  );
}

/**
 * True when the container holds a page the server drew that fits this reader: the language
 * the page's entry starts in is the page's, and the check found no other stored theme or language.
 */
export function canHydrate(container: HTMLElement): boolean {
  return container.hasChildNodes() && fitsReader();
}

/** The page was drawn in the language the reader's app starts in, and the check found it fit. */
function fitsReader(): boolean {
  const root = document.documentElement;
  return !root.hasAttribute(UNFIT_ATTRIBUTE) && detectLanguage() === root.lang;
}

/**
 * Lets the app (main.tsx, drawing into `container`) replace the signed-in screen the server sent
 * drawn, if any. The drawing stays until the app has drawn a screen of its own (every screen has a
 * heading), and goes in the same frame, so the reader never sees a loader in between: the same
 * screen, or wherever the app sent the reader (the sign-in page for an ended session). It goes at
 * once when it does not fit the reader's stored choices.
 */
export function takeOverDrawnScreen(container: HTMLElement): void {
  const drawn = document.getElementById(DRAWN_SCREEN_ID);
  if (!drawn) return;
  if (!fitsReader()) {
    drawn.remove();
    document.documentElement.removeAttribute(UNFIT_ATTRIBUTE);
    return;
  }
  // A mutation observer's callback runs before the browser paints what React has just committed.
  const observer = new MutationObserver(() => {
    if (!container.querySelector("h1")) return;
    observer.disconnect();
    drawn.remove();
  });
  observer.observe(container, { childList: true, subtree: true });
}

/** Empties a page that cannot be hydrated, and shows the container again for the new drawing. */
export function discardPrerenderedPage(container: HTMLElement): void {
  container.replaceChildren();
  document.documentElement.removeAttribute(UNFIT_ATTRIBUTE);
}
