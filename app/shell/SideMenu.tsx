import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Tooltip.css";
import { ActionIcon, NavLink, Stack, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconArrowBarLeft,
  IconArrowBarRight,
  IconBriefcase,
  IconBuildingBank,
  IconFiles,
  IconHome,
  IconId,
  IconLock,
  IconShare,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { activeMenuSegment, type MenuSegment, menuPath, SIDE_MENU } from "./sideMenu.ts";
import { SIDE_MENU_LIST_ID } from "./sideMenuIds.ts";

const ICONS: Record<MenuSegment, TablerIcon> = {
  "personal-network": IconUsers,
  personaldata: IconId,
  household: IconHome,
  employerinfo: IconBriefcase,
  inventory: IconFiles,
  assets: IconBuildingBank,
  passwordvault: IconLock,
  "shared-data": IconShare,
};

const LABELLED_STYLES = { root: { borderRadius: "var(--mantine-radius-md)" } };
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

/** The dashboard's sections. With labels hidden, each icon keeps its name for assistive tech and a tooltip. */
export function SideMenu({ labelsShown, onToggleLabels }: SideMenuProps) {
  const { t } = useTranslation("common");
  const active = activeMenuSegment(useLocation().pathname);
  const toggleLabel = labelsShown ? t("menu.hideLabels") : t("menu.showLabels");
  const ToggleIcon = labelsShown ? IconArrowBarLeft : IconArrowBarRight;

  return (
    <Stack gap="xs">
      {onToggleLabels && (
        <Tooltip label={toggleLabel} position="right" disabled={labelsShown}>
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
        </Tooltip>
      )}
      <Stack component="ul" id={SIDE_MENU_LIST_ID} gap={4} m={0} p={0} style={{ listStyle: "none" }}>
        {SIDE_MENU.map((item) => {
          const Icon = ICONS[item.segment];
          const label = t(item.labelKey);
          const isActive = item.segment === active;
          return (
            <li key={item.segment}>
              <Tooltip label={label} position="right" disabled={labelsShown}>
                <NavLink
                  component={Link}
                  to={menuPath(item.segment)}
                  active={isActive}
                  aria-current={isActive ? "page" : undefined}
                  leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
                  label={labelsShown ? label : <VisuallyHidden>{label}</VisuallyHidden>}
                  variant="light"
                  styles={labelsShown ? LABELLED_STYLES : ICON_ONLY_STYLES}
                />
              </Tooltip>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
