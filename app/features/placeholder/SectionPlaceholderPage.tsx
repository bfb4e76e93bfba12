import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useScreenTitleKey } from "../../shell/screenHandle.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/** A dashboard screen that is still being built: its title and a short note, inside the shell. */
export function SectionPlaceholderPage() {
  const { t } = useTranslation("common");
  const title = t(useScreenTitleKey() ?? "screen.dashboard");
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl">
        <Text fw={600}>{t("placeholder.heading")}</Text>
        <Text mt="xs">{t("placeholder.body")}</Text>
      </Paper>
    </Stack>
  );
}
