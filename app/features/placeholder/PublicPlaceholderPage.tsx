import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { useScreenTitleKey } from "../../shell/screenHandle.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/** A page reached without signing in (email links, the identity callback) that is still being built. */
export function PublicPlaceholderPage() {
  const { t } = useTranslation("common");
  const title = t(useScreenTitleKey() ?? "screen.dashboard");
  usePageTitle(title);
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Paper withBorder p="xl">
          <Text fw={600}>{t("placeholder.heading")}</Text>
          <Text mt="xs">{t("placeholder.publicBody")}</Text>
        </Paper>
        <Anchor component={Link} to={LOGIN_PATH}>
          {t("placeholder.toSignIn")}
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
