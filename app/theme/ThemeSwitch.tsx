import { Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ACCENTS, isAccent, isThemeMode, THEME_MODES, type Theme } from "../../domain/catalog/themes.ts";
import { HeaderMenu } from "../shell/HeaderMenu.tsx";
import { ThemeButton } from "./ThemeButton.tsx";
import { useThemePreference } from "./themePreference.ts";

/** Header menu of the theme's two choices, mode and accent; the chosen ones are checked (menuitemradio). */
export function ThemeSwitch({
  onChosen,
  openAtMount = false,
}: {
  onChosen?: (theme: Theme) => void;
  openAtMount?: boolean;
}) {
  const { t } = useTranslation("common");
  const [theme, setTheme] = useThemePreference();
  const choose = (next: Theme) => {
    setTheme(next);
    onChosen?.(next);
  };
  return (
    <HeaderMenu button={<ThemeButton />} openAtMount={openAtMount}>
      <Menu.Label>{t("theme.modeLabel")}</Menu.Label>
      <Menu.RadioGroup
        value={theme.mode}
        onChange={(value) => {
          if (isThemeMode(value)) choose({ ...theme, mode: value });
        }}
      >
        {THEME_MODES.map((mode) => (
          <Menu.RadioItem key={mode} value={mode} closeMenuOnClick>
            {t(`theme.mode.${mode}`)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      <Menu.Divider />
      <Menu.Label>{t("theme.accentLabel")}</Menu.Label>
      <Menu.RadioGroup
        value={theme.accent}
        onChange={(value) => {
          if (isAccent(value)) choose({ ...theme, accent: value });
        }}
      >
        {ACCENTS.map((accent) => (
          <Menu.RadioItem key={accent} value={accent} closeMenuOnClick>
            {t(`theme.accent.${accent}`)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </HeaderMenu>
  );
}
