import { Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../shell/usePageTitle.ts";

export interface AdminScreenProps {
  title: string;
  /** The screen's main button ("New product"), beside its heading. */
  action?: ReactNode;
  children: ReactNode;
}

/** One screen of the admin area, under the layout's "Administration" heading and tabs. */
export function AdminScreen({ title, action, children }: AdminScreenProps) {
  const { t } = useTranslation("admin");
  usePageTitle(t("pageTitle", { screen: title }));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {/* A title may be an email address: it wraps anywhere rather than widen a phone's page. */}
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
