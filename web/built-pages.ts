/** The drawn pages a web build holds, found once at start by server/http/web.ts, which sends them. */
import { existsSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, type Language } from "../domain/catalog/languages.ts";
import { DRAWN_SCREENS } from "./drawn-screens.ts";
import { drawnScreenFile, PRERENDERED_PAGES, prerenderedFile, signedInFile } from "./prerendered-pages.ts";

/** A page's file in each language. */
type InEachLanguage = Record<Language, string>;

/** The file of each language, where webDir holds all of them; else null. */
function builtInEachLanguage(webDir: string, fileOf: (language: Language) => string): InEachLanguage | null {
  const files = Object.fromEntries(LANGUAGES.map((language) => [language, fileOf(language)]));
  const all = LANGUAGES.every((language) => existsSync(path.join(webDir, files[language] ?? "")));
  return all ? (files as InEachLanguage) : null;
}

/**
 * The pages the build drew (prerendered-pages.ts) present in webDir: address to its file in each
 * language. A build without them (a test's, or one from before) leaves every page to index.html.
 */
export function prerenderedPages(webDir: string): Map<string, InEachLanguage> {
  const pages = new Map<string, InEachLanguage>();
  for (const page of PRERENDERED_PAGES) {
    const files = builtInEachLanguage(webDir, (language) => prerenderedFile(page.path, language));
    if (files) pages.set(page.path, files);
  }
  return pages;
}

/**
 * The signed-in index.html files in webDir (prerendered-pages.ts): the drawn screens' by address,
 * and the one of every other signed-in screen; or null for a build without them.
 */
export function signedInPages(
  webDir: string,
): { drawn: Map<string, InEachLanguage>; other: InEachLanguage } | null {
  const other = builtInEachLanguage(webDir, signedInFile);
  if (!other) return null;
  const drawn = new Map<string, InEachLanguage>();
  for (const screen of DRAWN_SCREENS) {
    const files = builtInEachLanguage(webDir, (language) => drawnScreenFile(screen.path, language));
    if (files) drawn.set(screen.path, files);
  }
  return { drawn, other };
}
