import { Button, Group, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { ADMIN_SCREENS, adminPath } from "./paths.ts";

/**
 * /admin: the heading and the links between the billing screens. They are links, not tabs: each
 * screen has its own address, and the current one is marked for screen readers (aria-current).
 */
export function AdminLayout() {
  const { t } = useTranslation(["admin", "common"]);
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t("common:screen.admin")}</Title>
      <Group component="nav" aria-label={t("admin:nav.label")} gap="xs">
        {ADMIN_SCREENS.map((screen) => {
          const to = adminPath(screen);
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button key={screen} component={NavLink} to={to} variant={current ? "filled" : "default"}>
              {t(`admin:nav.${screen}`)}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
