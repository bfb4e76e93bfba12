import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAccount } from "../../session/account.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/**
 * /dashboard/manage-account/my-subscription until billing arrives: says so, and what the account
 * can use meanwhile (a subscriber or b2b member has every section).
 */
export function MySubscriptionPage() {
  const { t } = useTranslation("account");
  const { data: account } = useAccount();
  usePageTitle(t("subscription.heading"));
  const fullAccess = account?.roles.some((role) => role === "subscriber" || role === "b2b") ?? false;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("subscription.heading")}</Title>
      <Paper withBorder p="xl">
        <Text fw={600}>{t("subscription.later")}</Text>
        {account && (
          <Text mt="xs">{fullAccess ? t("subscription.fullAccess") : t("subscription.noAccess")}</Text>
        )}
      </Paper>
    </Stack>
  );
}
