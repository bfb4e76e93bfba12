import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitleWithHelp } from "../../components/HelpHint.tsx";
import { withTranslations } from "../../i18n/withTranslations.ts";
import { useAfterFirstPaint } from "../../shell/useAfterFirstPaint.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { RemindersPanel } from "../reminders/RemindersPanel.tsx";
import classes from "./PersonCard.module.css";
import { useOwnPerson } from "./personData.ts";
import { fullName } from "./personDisplay.ts";
import { FAMILY_TREE_SEGMENT, LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT, sectionPath } from "./sections.ts";
import { useSectionCounts } from "./useSectionCounts.ts";

// Loaded once the tiles are painted, with their own translations: the overview does not wait for them.
const OverviewActions = lazy(
  withTranslations(["exchange", "binder", "forms"], () =>
    import("./OverviewActions.tsx").then((m) => ({ default: m.OverviewActions })),
  ),
);

/** A tile's status line: none (the family tree, an owner without a record), loading, or its text. */
type TileStatus = { kind: "none" } | { kind: "loading" } | { kind: "shown"; text: string };

const NO_STATUS: TileStatus = { kind: "none" };
const LOADING: TileStatus = { kind: "loading" };

/**
 * One section's tile. Its status line (who or how many) keeps its place while it loads, so the
 * tiles below do not move down when it arrives (a layout shift).
 */
function SectionTile({ segment, status }: { segment: string; status: TileStatus }) {
  const { t } = useTranslation(["network", "common"]);
  return (
    <Paper withBorder p="lg" className={classes.card}>
      <Stack gap={6}>
        <Anchor component={Link} to={sectionPath(segment)} fw={700} size="lg" className={classes.link}>
          {t(`section.${segment}.title`)}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t(`section.${segment}.intro`)}
        </Text>
        {status.kind === "loading" ? (
          <Text fw={600} c="dimmed">
            {t("common:loading")}
          </Text>
        ) : (
          status.kind === "shown" && <Text fw={600}>{status.text}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /dashboard/personal-network: every section of the network, with who or how many is in it. */
export function PersonalNetworkOverview() {
  const { t } = useTranslation("network");
  usePageTitle(t("overview.title"));
  const counts = useSectionCounts();
  const me = useOwnPerson();
  const painted = useAfterFirstPaint();
  const countStatus = (count: number | undefined): TileStatus =>
    count === undefined ? LOADING : { kind: "shown", text: t("overview.count", { count }) };
  const ownStatus: TileStatus = me.isPending
    ? LOADING
    : me.data
      ? { kind: "shown", text: fullName(me.data.mainDetails) }
      : NO_STATUS;

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
          <SectionTile segment={PERSONAL_DETAILS_SEGMENT} status={ownStatus} />
        </li>
        {LIST_SECTIONS.map((section) => (
          <li key={section.segment}>
            <SectionTile segment={section.segment} status={countStatus(counts[section.segment])} />
          </li>
        ))}
        <li>
          <SectionTile segment={FAMILY_TREE_SEGMENT} status={NO_STATUS} />
        </li>
      </ul>
      {painted && (
        <Suspense fallback={null}>
          <OverviewActions />
        </Suspense>
      )}
    </Stack>
  );
}
