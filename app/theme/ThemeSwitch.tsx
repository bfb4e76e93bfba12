import { Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isThemeKey, THEMES, type ThemeKey } from "../../domain/catalog/themes.ts";
import { HeaderMenu } from "../shell/HeaderMenu.tsx";
import { ThemeButton } from "./ThemeButton.tsx";
import { useThemePreference } from "./themePreference.ts";

/** Header menu of the three themes; the chosen one is checked (menuitemradio). */
export function ThemeSwitch({
  onChosen,
  openAtMount = false,
}: {
  onChosen?: (theme: ThemeKey) => void;
  openAtMount?: boolean;
}) {
  const { t } = useTranslation("common");
  const [theme, setTheme] = useThemePreference();
  return (
    <HeaderMenu button={<ThemeButton />} openAtMount={openAtMount}>
      <Menu.Label>{t("theme.label")}</Menu.Label>
      <Menu.RadioGroup
        value={theme}
        onChange={(value) => {
          if (!isThemeKey(value)) return;
          setTheme(value);
          onChosen?.(value);
        }}
      >
        {THEMES.map((key) => (
          <Menu.RadioItem key={key} value={key} closeMenuOnClick>
            {t(`theme.${key}`)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </HeaderMenu>
  );
}
