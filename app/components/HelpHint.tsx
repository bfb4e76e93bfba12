import { ActionIcon, Group, Popover, Text, Title } from "@mantine/core";
import { IconHelpCircle, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * The guide's "?" beside a section, and its "i" beside a group of fields: pressed (or Enter/Space),
 * it shows a short explanation taken from the translations; Escape or a click elsewhere closes it.
 */
export function HelpHint({
  topic,
  hint,
  kind = "section",
}: {
  topic: string;
  hint: string;
  kind?: "section" | "fieldGroup";
}) {
  const { t } = useTranslation("common");
  const section = kind === "section";
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md" trapFocus={false} returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size={section ? "lg" : "md"}
          radius="xl"
          aria-label={t("help.about", { topic })}
        >
          {section ? (
            <IconHelpCircle size={22} aria-hidden="true" />
          ) : (
            <IconInfoCircle size={18} aria-hidden="true" />
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{hint}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A page's heading with its "?" beside it. */
export function TitleWithHelp({ title, hint }: { title: string; hint: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Title order={1}>{title}</Title>
      <HelpHint topic={title} hint={hint} />
    </Group>
  );
}
