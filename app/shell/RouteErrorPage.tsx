import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "./PublicLayout.tsx";
import { usePageTitle } from "./usePageTitle.ts";

/** Last resort when a screen fails to load or render: say so, and offer a fresh start. */
export function RouteErrorPage() {
  const { t } = useTranslation("common");
  usePageTitle(t("error.title"));
  return (
    <PublicLayout>
      <Stack align="flex-start">
        <Title order={1}>{t("error.title")}</Title>
        <Text>{t("error.body")}</Text>
        <Button onClick={() => window.location.reload()}>{t("error.reload")}</Button>
      </Stack>
    </PublicLayout>
  );
}
