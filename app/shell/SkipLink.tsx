import { useTranslation } from "react-i18next";

/** The element every layout gives to its <main>, so the skip link and focus moves find it. */
export const MAIN_CONTENT_ID = "main-content";

export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t("skipToContent")}
    </a>
  );
}
