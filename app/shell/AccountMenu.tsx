import { Menu } from "@mantine/core";
import {
  type Icon,
  IconBuilding,
  IconCheck,
  IconCreditCard,
  IconFolder,
  IconLogout,
  IconSettings,
  IconShieldCog,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROLES } from "../../domain/roles.ts";
import { useCollaborating } from "../features/collaborators/collaboratorsApi.ts";
import { useAccount } from "../session/account.ts";
import {
  ADMIN_PATH,
  COMPANY_PATH,
  MY_ACCOUNT_PATH,
  MY_SUBSCRIPTION_PATH,
  SIGNOUT_PATH,
} from "../session/homeRoute.ts";
import { useOpenFile } from "../session/useOpenFile.ts";
import { AccountButton } from "./AccountButton.tsx";
import { HeaderMenu } from "./HeaderMenu.tsx";
import { switchFile } from "./openOwnersFile.ts";

type AccountLink = { to: string; icon: Icon; labelKey: string; adminOnly?: boolean };

/** The account menu's links, in order; the administration only for a platform administrator. */
const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: MY_ACCOUNT_PATH, icon: IconSettings, labelKey: "header.myAccount" },
  { to: MY_SUBSCRIPTION_PATH, icon: IconCreditCard, labelKey: "screen.mySubscription" },
  { to: COMPANY_PATH, icon: IconBuilding, labelKey: "header.company" },
  { to: ADMIN_PATH, icon: IconShieldCog, labelKey: "header.admin", adminOnly: true },
  { to: SIGNOUT_PATH, icon: IconLogout, labelKey: "header.signOut" },
];

/** "My file" and the owners' files the account helps with, the one open marked. */
function FileSwitch() {
  const { t } = useTranslation("common");
  const open = useOpenFile();
  const helping = (useCollaborating().data ?? []).filter((file) => file.status === "accepted");
  if (helping.length === 0 && open === null) return null;
  const mark = (isOpen: boolean) =>
    isOpen ? <IconCheck size={16} aria-hidden="true" /> : <IconFolder size={16} aria-hidden="true" />;
  return (
    <>
      <Menu.Label>{t("file.files")}</Menu.Label>
      <Menu.Item
        leftSection={mark(open === null)}
        aria-current={open === null ? "true" : undefined}
        onClick={() => switchFile(null)}
      >
        {t("file.mine")}
      </Menu.Item>
      {helping.map((file) => (
        <Menu.Item
          key={file.id}
          leftSection={mark(open?.ownerId === file.owner.id)}
          aria-current={open?.ownerId === file.owner.id ? "true" : undefined}
          onClick={() => switchFile(file)}
        >
          {t("file.of", { name: file.owner.name })}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}

/**
 * The header's account menu: who is signed in, the files they may switch between, their account,
 * subscription, company, admin, sign out.
 */
export function AccountMenu({ openAtMount = false }: { openAtMount?: boolean }) {
  const { t } = useTranslation("common");
  const account = useAccount().data;
  const name = account?.name;
  const isPlatformAdmin = account?.roles.includes(ROLES.admin) ?? false;
  return (
    <HeaderMenu button={<AccountButton />} openAtMount={openAtMount}>
      {name && <Menu.Label>{t("header.signedInAs", { name })}</Menu.Label>}
      <FileSwitch />
      {ACCOUNT_LINKS.filter((link) => isPlatformAdmin || !link.adminOnly).map(
        ({ to, icon: Icon, labelKey }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden="true" />}>
            {t(labelKey)}
          </Menu.Item>
        ),
      )}
    </HeaderMenu>
  );
}
