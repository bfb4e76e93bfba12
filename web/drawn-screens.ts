/**
 * Which signed-in screens the build draws (prerender-plugin.ts) and the server sends drawn
 * (server/http/web.ts): the landing screen, the Personal Network's overview and every record
 * category's add form. Apart from prerendered-pages.ts, which the app's start-up imports,
 * because it reads every category.
 */
import { CATEGORIES } from "../domain/sections/index.ts";
import { type DrawnScreen, LANDING_SCREEN, NETWORK_OVERVIEW, RECORD_FORM } from "./prerendered-pages.ts";

/** Categories whose pages are screens of their own (app/features/documents/routes.ts), not the record form. */
const OWN_SCREENS: ReadonlySet<string> = new Set(["documentlibrary"]);

export const DRAWN_SCREENS: readonly DrawnScreen[] = [
  LANDING_SCREEN,
  NETWORK_OVERVIEW,
  ...CATEGORIES.filter((category) => !OWN_SCREENS.has(category.key)).map((category) => ({
    path: `/dashboard/${category.module}/${category.key}/add`,
    ...RECORD_FORM,
  })),
];
