import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the tab title to "<page> · Kinfile" in the current language. */
export function usePageTitle(page: string): void {
  const { t } = useTranslation("common");
  const title = t("title.format", { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
