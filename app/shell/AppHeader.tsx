import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Menu.css";
import { ActionIcon, Burger, Group, Menu, Text } from "@mantine/core";
import {
  IconBuilding,
  IconCreditCard,
  IconLogout,
  IconSettings,
  IconShieldCog,
  IconUserCircle,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROLES } from "../../domain/roles.ts";
import { SearchButton } from "../features/search/SearchButton.tsx";
import { LanguageSwitch } from "../i18n/LanguageSwitch.tsx";
import { useAccount, useSaveAccountPreference } from "../session/account.ts";
import {
  ADMIN_PATH,
  COMPANY_PATH,
  MY_ACCOUNT_PATH,
  MY_SUBSCRIPTION_PATH,
  SIGNOUT_PATH,
} from "../session/homeRoute.ts";
import { ThemeSwitch } from "../theme/ThemeSwitch.tsx";
import { ProductName } from "./ProductName.tsx";
import { SIDE_MENU_ID } from "./sideMenuIds.ts";

export interface AppHeaderProps {
  /** The burger that opens the side menu, shown on narrow screens only. */
  burger: { opened: boolean; toggle: () => void };
}

export function AppHeader({ burger }: AppHeaderProps) {
  const { t } = useTranslation("common");
  const account = useAccount().data;
  const name = account?.name;
  const isPlatformAdmin = account?.roles.includes(ROLES.admin) ?? false;
  const savePreference = useSaveAccountPreference();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {/* Hidden by a style, not left out, so that a drawing made without a screen has it too
            (prerender.tsx): Mantine's md (62em, 992 px) is where the side menu stops being a drawer. */}
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
        <ThemeSwitch onChosen={(themeColor) => savePreference({ themeColor })} />
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t("header.account")}>
              <IconUserCircle size={20} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {name && <Menu.Label>{t("header.signedInAs", { name })}</Menu.Label>}
            <Menu.Item
              component={Link}
              to={MY_ACCOUNT_PATH}
              leftSection={<IconSettings size={16} aria-hidden="true" />}
            >
              {t("header.myAccount")}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={MY_SUBSCRIPTION_PATH}
              leftSection={<IconCreditCard size={16} aria-hidden="true" />}
            >
              {t("screen.mySubscription")}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={COMPANY_PATH}
              leftSection={<IconBuilding size={16} aria-hidden="true" />}
            >
              {t("header.company")}
            </Menu.Item>
            {isPlatformAdmin && (
              <Menu.Item
                component={Link}
                to={ADMIN_PATH}
                leftSection={<IconShieldCog size={16} aria-hidden="true" />}
              >
                {t("header.admin")}
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to={SIGNOUT_PATH}
              leftSection={<IconLogout size={16} aria-hidden="true" />}
            >
              {t("header.signOut")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
