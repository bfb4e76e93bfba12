import "@mantine/core/styles/Menu.css";
import { ActionIcon, Menu } from "@mantine/core";
import { IconPalette } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isThemeKey, THEMES, type ThemeKey } from "../../domain/catalog/themes.ts";
import { useThemePreference } from "./themePreference.ts";

/** Header menu of the three themes; the chosen one is checked (menuitemradio). */
export function ThemeSwitch({ onChosen }: { onChosen?: (theme: ThemeKey) => void } = {}) {
  const { t } = useTranslation("common");
  const [theme, setTheme] = useThemePreference();
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("theme.current", { theme: t(`theme.${theme}`) })}
        >
          <IconPalette size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
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
      </Menu.Dropdown>
    </Menu>
  );
}
