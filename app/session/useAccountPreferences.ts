import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Account } from "../../domain/schemas/account.ts";
import { chooseLanguage, currentLanguage } from "../i18n/i18n.ts";
import { useThemePreference } from "../theme/themePreference.ts";

/**
 * Once the account is known, its language and theme become this device's. Applied when they
 * change on the account (a first load, a save in My Account), not on every refetch, so a choice
 * made in the header since then is not undone by a background refresh.
 */
export function useAccountPreferences(account: Account | undefined): void {
  const { i18n } = useTranslation("common");
  const [theme, setTheme] = useThemePreference();
  const lang = account?.lang;
  const themeColor = account?.themeColor;
  const themeMode = account?.themeMode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the account's value only
  useEffect(() => {
    if (lang && lang !== currentLanguage(i18n)) void chooseLanguage(i18n, lang);
  }, [lang]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the account's value only
  useEffect(() => {
    if (!themeColor || !themeMode) return;
    if (themeColor !== theme.accent || themeMode !== theme.mode)
      setTheme({ mode: themeMode, accent: themeColor });
  }, [themeColor, themeMode]);
}
