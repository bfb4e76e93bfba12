import "@mantine/core/styles/SimpleGrid.css";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { TitleWithHelp } from "../../components/HelpHint.tsx";
import { useAccount } from "../../session/account.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { COLLABORATING_PATH, COLLABORATORS_PATH } from "../collaborators/paths.ts";
import { SHARED_BY_ME_PATH } from "../shared-by-me/routes.ts";
import { useNominees } from "../shared-by-me/useNominee.ts";
import { SHARED_WITH_ME_PATH, useSharedWithMe } from "../shared-with-me/sharedWithMeApi.ts";

/**
 * /dashboard/shared-data: the two areas of CATALOG section 6. Every signed-in account reaches it
 * (nominees need no subscription); sharing one's own file needs subscriber or b2b (spec section 6),
 * since anyone else has no records to share.
 */
export function SharedDataPage() {
  const { t } = useTranslation(["sharing", "common"]);
  usePageTitle(t("common:menu.module.shared-data"));
  return (
    <Stack gap="lg" maw={960}>
      <TitleWithHelp title={t("common:menu.module.shared-data")} hint={t("common:help.module.shared-data")} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SharedByMeArea />
        <SharedWithMeArea />
        <CollaboratorsArea />
      </SimpleGrid>
    </Stack>
  );
}

function Area({ heading, testId, children }: { heading: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {heading}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function SharedByMeArea() {
  const { t } = useTranslation("sharing");
  const account = useAccount();
  const canShare = hasFullAccess(account.data?.roles ?? []);
  const nominees = useNominees(canShare);
  const noteId = useId();
  // Known to have neither role (not merely still loading): the note explains the disabled buttons.
  const restricted = account.data !== undefined && !canShare;
  const pending = nominees.data?.filter((nominee) => nominee.status === "requested").length ?? 0;

  return (
    <Area heading={t("landing.byMe.heading")} testId="shared-by-me-area">
      <Text>{t("landing.byMe.intro")}</Text>
      {!canShare ? (
        restricted && (
          <Text id={noteId} size="sm" c="dimmed">
            {t("landing.byMe.needsSubscription")}
          </Text>
        )
      ) : nominees.isError ? (
        <Text role="alert">{t("landing.loadFailed")}</Text>
      ) : (
        nominees.data && (
          <>
            <Text fw={600}>
              {nominees.data.length === 0
                ? t("landing.byMe.none")
                : t("landing.byMe.summary", { count: nominees.data.length })}
            </Text>
            {pending > 0 && <Text c="orange.9">{t("landing.byMe.pending", { count: pending })}</Text>}
          </>
        )
      )}
      <Group gap="sm">
        {canShare ? (
          <>
            <Button component={Link} to={SHARED_BY_ME_PATH} variant="outline" data-testid="shared-by-me-open">
              {t("landing.byMe.open")}
            </Button>
            <Button
              component={Link}
              to={`${SHARED_BY_ME_PATH}/add`}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              data-testid="shared-by-me-add"
            >
              {t("landing.byMe.add")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" disabled aria-describedby={restricted ? noteId : undefined}>
              {t("landing.byMe.open")}
            </Button>
            <Button
              disabled
              aria-describedby={restricted ? noteId : undefined}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t("landing.byMe.add")}
            </Button>
          </>
        )}
      </Group>
    </Area>
  );
}

function SharedWithMeArea() {
  const { t } = useTranslation("sharing");
  const owners = useSharedWithMe();
  const count = owners.data?.length ?? 0;
  return (
    <Area heading={t("landing.withMe.heading")} testId="shared-with-me-area">
      <Text>{t("landing.withMe.intro")}</Text>
      {owners.data && (
        <Text fw={600}>
          {count === 0 ? t("landing.withMe.none") : t("landing.withMe.summary", { count })}
        </Text>
      )}
      <Group gap="sm">
        <Button component={Link} to={SHARED_WITH_ME_PATH} variant="outline" data-testid="shared-with-me-open">
          {t("landing.withMe.open")}
        </Button>
      </Group>
    </Area>
  );
}

/** People working in the file now: the owner's collaborators, and the files the account helps with. */
function CollaboratorsArea() {
  const { t } = useTranslation("collaborators");
  const canInvite = hasFullAccess(useAccount().data?.roles ?? []);
  return (
    <Area heading={t("landing.heading")} testId="collaborators-area">
      <Text>{t("landing.intro")}</Text>
      <Group gap="sm">
        {canInvite && (
          <Button component={Link} to={COLLABORATORS_PATH} variant="outline" data-testid="collaborators-open">
            {t("landing.open")}
          </Button>
        )}
        <Button component={Link} to={COLLABORATING_PATH} variant="outline" data-testid="collaborating-open">
          {t("landing.helping")}
        </Button>
      </Group>
    </Area>
  );
}
