import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useScreenTitleKey } from "../shell/screenHandle.ts";
import { usePageTitle } from "../shell/usePageTitle.ts";
import { MY_SUBSCRIPTION_PATH } from "./homeRoute.ts";

/** What a section's route shows to an account without a subscription: why, and where to subscribe. */
export function SubscriptionRequired() {
  const { t } = useTranslation(["auth", "common"]);
  const section = t(useScreenTitleKey() ?? "screen.dashboard", { ns: "common" });
  usePageTitle(section);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{section}</Title>
      <Paper withBorder p="xl">
        <Text fw={600}>{t("gate.heading")}</Text>
        <Text mt="xs">{t("gate.body")}</Text>
        <Anchor component={Link} to={MY_SUBSCRIPTION_PATH} mt="md" display="inline-block" underline="always">
          {t("gate.toSubscription")}
        </Anchor>
      </Paper>
    </Stack>
  );
}
