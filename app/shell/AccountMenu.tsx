import "@mantine/core/styles/Menu.css";
import { Menu } from "@mantine/core";
import { IconBuilding, IconCreditCard, IconLogout, IconSettings, IconShieldCog } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROLES } from "../../domain/roles.ts";
import { useAccount } from "../session/account.ts";
import {
  ADMIN_PATH,
  COMPANY_PATH,
  MY_ACCOUNT_PATH,
  MY_SUBSCRIPTION_PATH,
  SIGNOUT_PATH,
} from "../session/homeRoute.ts";
import { AccountButton } from "./AccountButton.tsx";

/** The header's account menu: who is signed in, their account, subscription, company, admin, sign out. */
export function AccountMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation("common");
  const account = useAccount().data;
  const name = account?.name;
  const isPlatformAdmin = account?.roles.includes(ROLES.admin) ?? false;
  return (
    <Menu
      position="bottom-end"
      withinPortal
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <AccountButton />
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
  );
}
