import { themeAccountFields } from "../../domain/catalog/themes.ts";
import "@mantine/core/styles/Burger.css";
import { Burger, Group, Text } from "@mantine/core";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { SearchButton } from "../features/search/SearchButton.tsx";
import { LanguageSwitch } from "../i18n/LanguageSwitch.tsx";
import { useAccount, useSaveAccountPreference } from "../session/account.ts";
import { ThemeButton } from "../theme/ThemeButton.tsx";
import { AccountButton } from "./AccountButton.tsx";
import { DeferredMenu } from "./DeferredMenu.tsx";
import { ProductName } from "./ProductName.tsx";
import { SIDE_MENU_ID } from "./sideMenuIds.ts";

// The header's two menus come at their first press (DeferredMenu).
const loadThemeSwitch = () => import("../theme/ThemeSwitch.tsx");
const loadAccountMenu = () => import("./AccountMenu.tsx");
const ThemeSwitch = lazy(() => loadThemeSwitch().then((m) => ({ default: m.ThemeSwitch })));
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

export interface AppHeaderProps {
  /** The burger that opens the side menu, shown on narrow screens only. */
  burger: { opened: boolean; toggle: () => void };
}

export function AppHeader({ burger }: AppHeaderProps) {
  const { t } = useTranslation("common");
  const account = useAccount().data;
  const name = account?.name;
  const savePreference = useSaveAccountPreference();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {/* Hidden by a style, not left out, so that a drawing made without a screen has it too
            (web/prerender.tsx): Mantine's md (62em, 992 px) is where the side menu stops being a drawer. */}
        <Burger
          hiddenFrom="md"
          opened={burger.opened}
          onClick={burger.toggle}
          size="sm"
          aria-label={burger.opened ? t("header.closeMenu") : t("header.openMenu")}
          aria-expanded={burger.opened}
          aria-controls={SIDE_MENU_ID}
        />
        <ProductName to="/" label={t("header.home")} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SearchButton />
        {name && (
          <Text visibleFrom="md" size="sm" fw={500} truncate maw={200} title={name}>
            {name}
          </Text>
        )}
        <LanguageSwitch onChosen={(lang) => savePreference({ lang })} />
        <DeferredMenu
          button={<ThemeButton />}
          menu={<ThemeSwitch openAtMount onChosen={(theme) => savePreference(themeAccountFields(theme))} />}
          load={loadThemeSwitch}
        />
        <DeferredMenu button={<AccountButton />} menu={<AccountMenu openAtMount />} load={loadAccountMenu} />
      </Group>
    </Group>
  );
}
