import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { GoBackButton } from "./GoBackButton.tsx";

export interface LegalSection {
  /** `legal` key of the heading. */
  heading: string;
  /** `legal` keys of the paragraphs. */
  paragraphs: readonly string[];
}

/** A static legal text: title, placeholder notice, sections, and the Go Back button. */
export function LegalPage({
  titleKey,
  sections,
  values,
}: {
  titleKey: string;
  sections: readonly LegalSection[];
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation("legal");
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <PublicLayout size="md">
      <Stack gap="lg" align="flex-start">
        <GoBackButton />
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t("placeholderNotice")}</Text>
        {sections.map((section) => (
          <section key={section.heading} aria-labelledby={section.heading.replaceAll(".", "-")}>
            <Title order={2} size="h3" id={section.heading.replaceAll(".", "-")} mb="xs">
              {t(section.heading)}
            </Title>
            <Stack gap="sm">
              {section.paragraphs.map((key) => (
                <Text key={key}>{t(key, values ?? {})}</Text>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </PublicLayout>
  );
}
