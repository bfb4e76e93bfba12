import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Tooltip.css";
import { ActionIcon, Anchor, NavLink, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconArrowBarLeft,
  IconArrowBarRight,
  IconBriefcase,
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconFiles,
  IconHome,
  IconId,
  IconLayoutDashboard,
  IconLock,
  IconLockAccess,
  IconSettings,
  IconShare,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { type ReactElement, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAccount } from "../session/account.ts";
import { MY_SUBSCRIPTION_PATH } from "../session/homeRoute.ts";
import { useOpenFile } from "../session/useOpenFile.ts";
import {
  activeMenuSegment,
  activeRoleMenuKey,
  isMenuItemEnabled,
  type MenuSegment,
  menuPath,
  type RoleMenuItem,
  roleMenuItems,
  SIDE_MENU,
} from "./sideMenu.ts";
import { SIDE_MENU_LIST_ID } from "./sideMenuIds.ts";

const ICONS: Record<MenuSegment, TablerIcon> = {
  home: IconLayoutDashboard,
  "personal-network": IconUsers,
  personaldata: IconId,
  household: IconHome,
  employerinfo: IconBriefcase,
  inventory: IconFiles,
  assets: IconBuildingBank,
  passwordvault: IconLock,
  "shared-data": IconShare,
};

const ROLE_ICONS: Record<RoleMenuItem["key"], TablerIcon> = {
  b2b: IconBuildingSkyscraper,
  admin: IconSettings,
};

const LABELLED_STYLES = { root: { borderRadius: "var(--mantine-radius-md)" } };
/** A section the account cannot open yet: readable (not faded below contrast), and plainly inert. */
const LOCKED_ROOT = {
  color: "var(--mantine-color-dimmed)",
  cursor: "not-allowed",
  backgroundColor: "transparent",
};
/** Icons only: the label is visually hidden, so the icon alone is centred in the row. */
const ICON_ONLY_STYLES = {
  root: { borderRadius: "var(--mantine-radius-md)", justifyContent: "center" },
  section: { marginInlineEnd: 0 },
  body: { flex: "none" },
};

export interface SideMenuProps {
  labelsShown: boolean;
  /** Absent where labels are always shown (the mobile drawer). */
  onToggleLabels?: () => void;
}

/**
 * A menu item's label as a tooltip while only its icon shows. With the labels shown there is no
 * tooltip at all, rather than a disabled one: each would still place itself at mount.
 */
function IconHint({ label, shown, children }: { label: string; shown: boolean; children: ReactElement }) {
  return shown ? (
    <Tooltip label={label} position="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

/** One place the menu leads to: its icon, and its label or, with labels hidden, a tooltip. */
function MenuLink({
  to,
  Icon,
  label,
  active,
  labelsShown,
}: {
  to: string;
  Icon: TablerIcon;
  label: string;
  active: boolean;
  labelsShown: boolean;
}) {
  return (
    <IconHint label={label} shown={!labelsShown}>
      <NavLink
        component={Link}
        to={to}
        active={active}
        aria-current={active ? "page" : undefined}
        leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
        label={labelsShown ? label : <VisuallyHidden>{label}</VisuallyHidden>}
        variant="light"
        styles={labelsShown ? LABELLED_STYLES : ICON_ONLY_STYLES}
      />
    </IconHint>
  );
}

/**
 * The dashboard's sections, then the company area and the administration for the roles that use them. With labels hidden, each icon keeps its name for assistive tech and a
 * tooltip. Sections an account without a subscription cannot open stay listed but inert: no link
 * to follow or focus (aria-disabled), a lock, and a note saying where to subscribe.
 */
export function SideMenu({ labelsShown, onToggleLabels }: SideMenuProps) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const active = activeMenuSegment(pathname);
  const activeArea = activeRoleMenuKey(pathname);
  // Under the session guard the account is loaded; until then nothing is locked.
  const account = useAccount().data?.roles;
  // In an owner's file: only the sections its scope opens, the owner's file being what is paid for.
  const open = useOpenFile();
  const roles = open === null ? account : undefined;
  const items = open === null ? SIDE_MENU : SIDE_MENU.filter((item) => open.sections.includes(item.segment));
  const isEnabled = (item: (typeof SIDE_MENU)[number]) =>
    roles === undefined || isMenuItemEnabled(item, roles);
  const hasLocked = items.some((item) => !isEnabled(item));
  const lockedNoteId = useId();
  const toggleLabel = labelsShown ? t("menu.hideLabels") : t("menu.showLabels");
  const ToggleIcon = labelsShown ? IconArrowBarLeft : IconArrowBarRight;

  return (
    <Stack gap="xs">
      {onToggleLabels && (
        <IconHint label={toggleLabel} shown={!labelsShown}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={toggleLabel}
            aria-expanded={labelsShown}
            aria-controls={SIDE_MENU_LIST_ID}
            onClick={onToggleLabels}
            style={{ alignSelf: labelsShown ? "flex-end" : "center" }}
          >
            <ToggleIcon size={20} aria-hidden="true" />
          </ActionIcon>
        </IconHint>
      )}
      <Stack component="ul" id={SIDE_MENU_LIST_ID} gap={4} m={0} p={0} style={{ listStyle: "none" }}>
        {items.map((item) => {
          const Icon = ICONS[item.segment];
          const label = t(item.labelKey);
          const isActive = item.segment === active;
          if (!isEnabled(item)) {
            const lockedStyles = labelsShown ? LABELLED_STYLES : ICON_ONLY_STYLES;
            return (
              <li key={item.segment}>
                <Tooltip
                  label={labelsShown ? t("menu.locked") : `${label}: ${t("menu.locked")}`}
                  position="right"
                >
                  <NavLink
                    component="span"
                    role="link"
                    aria-disabled="true"
                    aria-describedby={lockedNoteId}
                    leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
                    rightSection={labelsShown ? <IconLockAccess size={16} aria-hidden="true" /> : undefined}
                    label={labelsShown ? label : <VisuallyHidden>{label}</VisuallyHidden>}
                    styles={{ ...lockedStyles, root: { ...lockedStyles.root, ...LOCKED_ROOT } }}
                  />
                </Tooltip>
              </li>
            );
          }
          return (
            <li key={item.segment}>
              <MenuLink
                to={menuPath(item.segment)}
                Icon={Icon}
                label={label}
                active={isActive}
                labelsShown={labelsShown}
              />
            </li>
          );
        })}
        {roleMenuItems(open === null ? (account ?? []) : []).map((item) => (
          <li key={item.key}>
            <MenuLink
              to={item.path}
              Icon={ROLE_ICONS[item.key]}
              label={t(item.labelKey)}
              active={item.key === activeArea}
              labelsShown={labelsShown}
            />
          </li>
        ))}
      </Stack>
      {hasLocked &&
        (labelsShown ? (
          <Text id={lockedNoteId} size="sm" c="dimmed" px="xs">
            {t("menu.lockedNote")}{" "}
            <Anchor component={Link} to={MY_SUBSCRIPTION_PATH} inherit underline="always">
              {t("screen.mySubscription")}
            </Anchor>
          </Text>
        ) : (
          <VisuallyHidden id={lockedNoteId}>{t("menu.lockedNote")}</VisuallyHidden>
        ))}
    </Stack>
  );
}
