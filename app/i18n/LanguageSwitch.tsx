import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES, type Language } from "../../domain/catalog/languages.ts";
import { chooseLanguage, currentLanguage } from "./i18n.ts";

/**
 * Mantine hides each option's radio as a zero-size box. Laid over its label instead, still
 * invisible, it stays reachable by pointer and by automation (which cannot click a zero-size box).
 */
const HIT_TESTABLE_INPUT = {
  width: "100%",
  height: "100%",
  inset: 0,
  margin: 0,
  opacity: 0,
  zIndex: 1,
  cursor: "pointer",
} as const;

/**
 * EN / FR buttons. Each language is announced by its own name ("English", "Français"), marked
 * with its `lang`, so a reader finds theirs whatever the current language is.
 */
export function LanguageSwitch({
  size = "xs",
  onChosen,
}: {
  size?: "xs" | "sm";
  /** Told of the user's choice (the header stores it on the account). */
  onChosen?: (lng: Language) => void;
}) {
  const { t, i18n } = useTranslation("common");
  const language = currentLanguage(i18n);
  // The choice shows at once, while the other language's texts load.
  const [selected, setSelected] = useState(language);
  useEffect(() => setSelected(language), [language]);
  return (
    <SegmentedControl
      aria-label={t("language.label")}
      size={size}
      styles={{ input: HIT_TESTABLE_INPUT }}
      value={selected}
      onChange={(value) => {
        if (!isLanguage(value)) return;
        setSelected(value);
        void chooseLanguage(i18n, value);
        onChosen?.(value);
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
