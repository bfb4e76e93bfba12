import "@mantine/core/styles/RingProgress.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/SimpleGrid.css";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../domain/dates.ts";
import type { Home, HomeModule, NextStep } from "../../../domain/schemas/home.ts";
import { isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { categoryOneKey } from "../../../domain/sections/labels.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { menuLabelKey } from "../../shell/sideMenu.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BinderAction } from "../binder/BinderAction.tsx";
import { useInvitations } from "../companies/companyApi.ts";
import { PendingInvitations } from "../companies/PendingInvitations.tsx";
import { ReminderList } from "../reminders/ReminderList.tsx";
import { SHARED_BY_ME_PATH } from "../shared-by-me/routes.ts";
import { useHome } from "./homeApi.ts";
import { HOME_QUERY_KEY } from "./homeQueryKey.ts";
import { nextStepPath } from "./nextStepPath.ts";

/** Whole percents of a part, 0 for an empty whole. */
function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

/** The whole file's progress: every module's filled categories over its counted ones. */
function overallOf(modules: readonly HomeModule[]) {
  const filled = modules.reduce((sum, module) => sum + module.filled, 0);
  const total = modules.reduce((sum, module) => sum + module.total, 0);
  return { filled, total, percent: percentOf(filled, total) };
}

/** A titled section of the home, named for assistive technologies by its heading. */
function HomeSection({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Refreshes the home once a binder is made, so "last made on" tells the new date. */
function useBinderMade(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: HOME_QUERY_KEY });
}

/** A step's words: "Add your will", "Name an emergency contact"... */
function useStepTitle(): (step: NextStep) => string {
  const { t } = useTranslation(["home", "sections"]);
  return (step) => {
    if (step.kind !== "category") return t(`home:start.${step.kind}.title`);
    const category = step.category ?? "";
    return t("home:start.category.title", {
      category: isAssignedType(category) ? t(categoryOneKey(category)) : category,
    });
  };
}

/** "Start here": the server's next steps, each one click away from its form. */
function StartHere({ steps }: { steps: readonly NextStep[] }) {
  const { t } = useTranslation(["home", "binder"]);
  const binderMade = useBinderMade();
  const stepTitle = useStepTitle();
  return (
    <HomeSection title={t("start.heading")} testId="home-start">
      {steps.length === 0 ? (
        <Text>{t("start.done")}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {steps.map((step) => {
            const path = nextStepPath(step);
            const title = stepTitle(step);
            return (
              <li
                key={`${step.kind}:${step.category ?? ""}`}
                data-testid={`next-${step.category ?? step.kind}`}
              >
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0, flex: "1 1 16rem" }}>
                    {path === null ? (
                      <Text fw={700}>{title}</Text>
                    ) : (
                      <Anchor component={Link} to={path} fw={700}>
                        {title}
                      </Anchor>
                    )}
                    <Text size="sm" c="dimmed">
                      {t(`start.${step.kind}.why`)}
                    </Text>
                  </div>
                  {path === null ? (
                    <BinderAction
                      source={{ kind: "owner" }}
                      label={t("binder.make")}
                      description={t("binder:app.whole.description")}
                      onMade={binderMade}
                    />
                  ) : (
                    <IconArrowRight size={20} aria-hidden="true" />
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </HomeSection>
  );
}

/** A progress ring per module, each card opening its module. */
function ModuleRings({ modules }: { modules: readonly HomeModule[] }) {
  const { t } = useTranslation(["home", "common", "sections"]);
  return (
    <HomeSection title={t("modules.heading")} testId="home-modules">
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, lg: 3 }}
        spacing="md"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {modules.map((module) => {
          const percent = percentOf(module.filled, module.total);
          const name = t(`common:${menuLabelKey(module.module)}`);
          return (
            <li key={module.module}>
              <Card
                component={Link}
                to={`/dashboard/${module.module}`}
                withBorder
                padding="sm"
                h="100%"
                className="card-link"
                data-testid={`home-module-${module.module}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <RingProgress
                    size={72}
                    thickness={8}
                    roundCaps
                    sections={[{ value: percent, color: "teal.8" }]}
                    aria-hidden="true"
                    label={
                      <Text ta="center" size="xs" fw={700}>
                        {percent}%
                      </Text>
                    }
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t("modules.progress", { filled: module.filled, count: module.total })}
                    </Text>
                    <VisuallyHidden>{t("modules.ringLabel", { module: name, percent })}</VisuallyHidden>
                  </div>
                </Group>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </HomeSection>
  );
}

function HomeReminders({ reminders }: { reminders: Home["reminders"] }) {
  const { t } = useTranslation("home");
  return (
    <HomeSection title={t("reminders.heading")} testId="home-reminders">
      {reminders.length === 0 ? (
        <Text c="dimmed">{t("reminders.empty")}</Text>
      ) : (
        <ReminderList reminders={reminders} />
      )}
    </HomeSection>
  );
}

function HomeNominees({ nominees }: { nominees: NonNullable<Home["nominees"]> }) {
  const { t } = useTranslation("home");
  return (
    <HomeSection title={t("nominees.heading")} testId="home-nominees">
      <Text>
        {nominees.total === 0
          ? t("nominees.none")
          : t("nominees.summary", {
              count: nominees.total,
              accepted: nominees.accepted,
              released: nominees.released,
            })}
      </Text>
      <Anchor component={Link} to={SHARED_BY_ME_PATH}>
        {t("nominees.open")}
      </Anchor>
    </HomeSection>
  );
}

function HomeBinder({ lastMadeAt }: { lastMadeAt: number | null }) {
  const { t, i18n } = useTranslation(["home", "binder"]);
  const binderMade = useBinderMade();
  return (
    <HomeSection title={t("binder.heading")} testId="home-binder">
      <Text>
        {lastMadeAt === null
          ? t("binder.never")
          : t("binder.lastMade", { date: formatDate(lastMadeAt, i18n.language) })}
      </Text>
      <Group>
        <BinderAction
          source={{ kind: "owner" }}
          label={lastMadeAt === null ? t("binder.make") : t("binder.makeAgain")}
          description={t("binder:app.whole.description")}
          onMade={binderMade}
        />
      </Group>
    </HomeSection>
  );
}

/** The company invitations waiting for this account, when there are any. */
function HomeInvitations() {
  const invitations = useInvitations();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <Paper withBorder p="lg" component="section" data-testid="home-invitations">
      <PendingInvitations invitations={invitations.data} headingOrder={2} />
    </Paper>
  );
}

/** The page's shape while the file loads: the sections' places, so nothing jumps when it arrives. */
function HomeLoading() {
  const { t } = useTranslation("home");
  return (
    <Stack gap="lg" aria-busy="true" data-testid="home-loading">
      <Text c="dimmed" role="status">
        {t("loading")}
      </Text>
      <Skeleton height={160} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

/**
 * /dashboard: where a full-access account lands. The file's overall progress, what to do next,
 * a ring per module, then what needs an eye (invitations, reminders, nominees, the binder).
 */
export function HomePage() {
  const { t } = useTranslation("home");
  // The menu's word for the page ("Home"), from the frame's own translations.
  const title = t("common:menu.home");
  usePageTitle(title);
  const home = useHome();
  const canEdit = useCanEditFile();

  if (home.isError)
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Alert color="red" variant="light" role="alert" title={t("loadFailed")}>
          <Button mt="sm" variant="default" onClick={() => void home.refetch()} loading={home.isFetching}>
            {t("retry")}
          </Button>
        </Alert>
      </Stack>
    );

  const overall = home.data === undefined ? null : overallOf(home.data.modules);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("welcome")}</Title>
        <Text>{t("intro")}</Text>
      </Stack>
      {home.data === undefined || overall === null ? (
        <HomeLoading />
      ) : (
        <>
          <Group gap="md" wrap="nowrap" data-testid="home-overall">
            <RingProgress
              size={96}
              thickness={10}
              roundCaps
              sections={[{ value: overall.percent, color: "teal.8" }]}
              aria-hidden="true"
              label={
                <Text ta="center" fw={700}>
                  {overall.percent}%
                </Text>
              }
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="lg">
                {t("overall", { percent: overall.percent })}
              </Text>
              <Text c="dimmed">{t("overallDetail", { filled: overall.filled, count: overall.total })}</Text>
            </div>
          </Group>
          <HomeInvitations />
          {/* Every step adds or changes something, which view rights do not allow. */}
          {canEdit && <StartHere steps={home.data.next} />}
          <ModuleRings modules={home.data.modules} />
          {/* A collaborator's home has neither: the owner's sharing and binder are the owner's. */}
          <SimpleGrid cols={{ base: 1, md: home.data.nominees === null ? 1 : 3 }} spacing="lg">
            <HomeReminders reminders={home.data.reminders} />
            {home.data.nominees !== null && <HomeNominees nominees={home.data.nominees} />}
            {home.data.binder !== null && <HomeBinder lastMadeAt={home.data.binder.lastMadeAt} />}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
