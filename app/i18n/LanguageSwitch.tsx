import { VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../domain/catalog/languages.ts";
import { chooseLanguage, currentLanguage } from "./i18n.ts";
import classes from "./LanguageSwitch.module.css";

/**
 * EN / FR, a group of two radios. Each language is announced by its own name ("English",
 * "Français"), marked with its `lang`, so a reader finds theirs whatever the current language is.
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
  const name = useId();
  // The choice shows at once, while the other language's texts load.
  const [selected, setSelected] = useState(language);
  useEffect(() => setSelected(language), [language]);
  const choose = (lng: Language) => {
    setSelected(lng);
    void chooseLanguage(i18n, lng);
    onChosen?.(lng);
  };
  return (
    <div role="radiogroup" aria-label={t("language.label")} className={classes.root} data-size={size}>
      {LANGUAGES.map((lng) => (
        <label key={lng} className={classes.option} data-checked={selected === lng || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={lng}
            checked={selected === lng}
            onChange={() => choose(lng)}
          />
          <span aria-hidden="true">{t(`language.short.${lng}`)}</span>
          <VisuallyHidden lang={lng}>{t(`language.name.${lng}`)}</VisuallyHidden>
        </label>
      ))}
    </div>
  );
}
