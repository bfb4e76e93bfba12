import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES } from "../../domain/catalog/languages.ts";
import { chooseLanguage, currentLanguage } from "./i18n.ts";

/**
 * EN / FR buttons. Each language is announced by its own name ("English", "Français"), marked
 * with its `lang`, so a reader finds theirs whatever the current language is.
 */
export function LanguageSwitch({ size = "xs" }: { size?: "xs" | "sm" }) {
  const { t, i18n } = useTranslation("common");
  return (
    <SegmentedControl
      aria-label={t("language.label")}
      size={size}
      value={currentLanguage(i18n)}
      onChange={(value) => {
        if (isLanguage(value)) void chooseLanguage(i18n, value);
      }}
      data={LANGUAGES.map((lng) => ({
        value: lng,
        label: (
          <>
            <span aria-hidden="true">{t(`language.short.${lng}`)}</span>
            <VisuallyHidden lang={lng}>{t(`language.name.${lng}`)}</VisuallyHidden>
          </>
        ),
      }))}
    />
  );
}
