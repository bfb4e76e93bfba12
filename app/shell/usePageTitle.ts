import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Told the page's title as it renders: the build's drawing of a page (web/prerender.tsx), where
 * effects never run, writes it into the page's <title>, so the tab shows it before any script.
 */
export const PageTitleReport = createContext<((title: string) => void) | null>(null);

/** Sets the tab title to "<page> · Kinfile" in the current language. */
export function usePageTitle(page: string): void {
  const { t } = useTranslation("common");
  const title = t("title.format", { page });
  useContext(PageTitleReport)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
