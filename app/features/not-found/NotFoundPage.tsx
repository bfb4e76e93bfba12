import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/** The 404 message; inside the shell for unknown dashboard paths. */
export function NotFoundContent() {
  const { t } = useTranslation("common");
  usePageTitle(t("notFound.title"));
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t("notFound.title")}</Title>
      <Text>{t("notFound.body")}</Text>
      <Anchor component={Link} to="/">
        {t("notFound.home")}
      </Anchor>
    </Stack>
  );
}

/** The 404 page for any other unknown address. */
export function NotFoundPage() {
  return (
    <PublicLayout>
      <NotFoundContent />
    </PublicLayout>
  );
}
