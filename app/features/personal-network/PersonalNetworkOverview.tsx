import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { TitleWithHelp } from "../../components/HelpHint.tsx";
import { useAccount } from "../../session/account.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ModuleBinderAction } from "../binder/ModuleBinderAction.tsx";
import { RemindersPanel } from "../reminders/RemindersPanel.tsx";
import { CompanyExchangePanel } from "./CompanyExchangePanel.tsx";
import classes from "./PersonCard.module.css";
import { useOwnPerson } from "./personData.ts";
import { fullName } from "./personDisplay.ts";
import { FAMILY_TREE_SEGMENT, LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT, sectionPath } from "./sections.ts";
import { useSectionCounts } from "./useSectionCounts.ts";

function SectionTile({ segment, status }: { segment: string; status: string | null }) {
  const { t } = useTranslation("network");
  return (
    <Paper withBorder p="lg" className={classes.card}>
      <Stack gap={6}>
        <Anchor component={Link} to={sectionPath(segment)} fw={700} size="lg" className={classes.link}>
          {t(`section.${segment}.title`)}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t(`section.${segment}.intro`)}
        </Text>
        {status !== null && <Text fw={600}>{status}</Text>}
      </Stack>
    </Paper>
  );
}

/** /dashboard/personal-network: every section of the network, with who or how many is in it. */
export function PersonalNetworkOverview() {
  const { t } = useTranslation("network");
  usePageTitle(t("overview.title"));
  const counts = useSectionCounts();
  const me = useOwnPerson().data;
  const account = useAccount();
  const countText = (count: number | undefined) =>
    count === undefined ? null : t("overview.count", { count });

  return (
    <Stack gap="lg">
      <div>
        <TitleWithHelp title={t("overview.title")} hint={t("common:help.module.personal-network")} />
        <Text c="dimmed" mt={4}>
          {t("overview.intro")}
        </Text>
      </div>
      <RemindersPanel />
      <ul className={classes.grid} aria-label={t("nav.label")}>
        <li>
          <SectionTile segment={PERSONAL_DETAILS_SEGMENT} status={me ? fullName(me.mainDetails) : null} />
        </li>
        {LIST_SECTIONS.map((section) => (
          <li key={section.segment}>
            <SectionTile segment={section.segment} status={countText(counts[section.segment])} />
          </li>
        ))}
        <li>
          <SectionTile segment={FAMILY_TREE_SEGMENT} status={null} />
        </li>
      </ul>
      <CompanyExchangePanel />
      {hasFullAccess(account.data?.roles ?? []) && (
        <Group>
          <ModuleBinderAction module="personal-network" />
        </Group>
      )}
    </Stack>
  );
}
