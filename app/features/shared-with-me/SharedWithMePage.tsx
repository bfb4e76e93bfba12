import "@mantine/core/styles/Card.css";
import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconFolderOpen, IconKey, IconLock, IconX } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { releaseTimingLabelKey, shareStatusLabelKey } from "../../../domain/catalog/releaseTimings.ts";
import { formatDate } from "../../../domain/dates.ts";
import { requestWaitDays, type SharedWithMeView } from "../../../domain/schemas/share.ts";
import { categoryLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { formError } from "../../api/errorMessages.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { type Fact, FactList } from "../../components/FactList.tsx";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ownerName } from "./sharedFile.tsx";
import {
  answerShare,
  type NomineeAnswer,
  sharedFilePath,
  useSharedWithMe,
  withMeQueryKey,
} from "./sharedWithMeApi.ts";

const SHARED_DATA_PATH = "/dashboard/shared-data";

/**
 * /dashboard/shared-data/shared-with-me: the owners who named me, what they share, their release
 * rule and where things stand, with the one action each state allows: accept or decline an
 * invitation, request access (after a dialog that says the rule), open a released file.
 */
export function SharedWithMePage() {
  const { t } = useTranslation("shared-with-me");
  const title = t("list.title");
  usePageTitle(title);
  const withMe = useSharedWithMe();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: ({ nomineeId, action }: { nomineeId: string; action: NomineeAnswer }) =>
      answerShare(nomineeId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withMeQueryKey }),
  });
  const [requesting, setRequesting] = useState<SharedWithMeView | null>(null);
  const act = (nomineeId: string, action: NomineeAnswer, onSuccess?: () => void) =>
    answer.mutate({ nomineeId, action }, { onSuccess });
  // The server's reason (already in the user's language), e.g. an expired invitation.
  const failure = formError(t, answer.error);

  return (
    <Stack gap="lg">
      <BackArrow to={SHARED_DATA_PATH} />
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {t("list.intro")}
        </Text>
      </div>
      {answer.isError && !requesting && (
        <Alert color="red.8" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {withMe.isPending ? (
        <PageLoader />
      ) : withMe.isError ? (
        <Alert color="red.8" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : withMe.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text>{t("list.empty")}</Text>
        </Paper>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {withMe.data.map((view) => (
            <li key={view.nomineeId}>
              <SharedWithMeCard
                view={view}
                pending={answer.isPending && answer.variables?.nomineeId === view.nomineeId}
                onAnswer={(action) =>
                  action === "request" ? setRequesting(view) : act(view.nomineeId, action)
                }
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={requesting !== null}
        title={t("request.title", { owner: requesting ? ownerName(requesting) : "" })}
        confirmLabel={t("request.confirm")}
        cancelLabel={t("request.cancel")}
        onConfirm={() => requesting && act(requesting.nomineeId, "request", () => setRequesting(null))}
        onCancel={() => {
          answer.reset();
          setRequesting(null);
        }}
        pending={answer.isPending}
        error={answer.isError ? failure : null}
      >
        {requesting ? requestRule(requesting, t) : ""}
      </ConfirmDialog>
    </Stack>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** What requesting access will do, by the owner's release rule (or their revoke, which outranks it). */
function requestRule(view: SharedWithMeView, t: Translate): string {
  const owner = ownerName(view);
  const days = requestWaitDays(view);
  if (view.revokedAt !== null) return t("request.afterRevoke", { owner });
  if (days === null) return t("request.manual", { owner });
  return days === 0 ? t("request.now", { owner }) : t("request.timed", { owner, count: days });
}

/** The modules shared whole and the single categories, by the labels their owner sees. */
function useScopeLabels(view: SharedWithMeView): string[] {
  const { t } = useTranslation(["common", "sections"]);
  return [
    ...view.scope.modules.map((module) =>
      module === "personal-network" ? t("common:menu.module.personal-network") : t(moduleLabelKey(module)),
    ),
    ...view.scope.categories.map((category) => t(categoryLabelKey(category))),
  ];
}

function SharedWithMeCard({
  view,
  pending,
  onAnswer,
}: {
  view: SharedWithMeView;
  pending: boolean;
  onAnswer: (action: NomineeAnswer) => void;
}) {
  const { t, i18n } = useTranslation(["shared-with-me", "catalog"]);
  const headingId = useId();
  const owner = ownerName(view);
  const date = (value: number | null) => formatDate(value, i18n.language) ?? "";
  const shares = useScopeLabels(view);
  // A suspended owner's released file answers 404 to every read, so it is not offered.
  const openable = view.status === "released" && !view.ownerSuspended;
  const facts: Fact[] = [
    [t("list.shares"), shares.join(", ")],
    [t("list.release"), t(`catalog:${releaseTimingLabelKey(view.release)}`)],
  ];

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="shared-with-me-entry"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
              {owner}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {view.owner.email}
            </Text>
          </div>
          <Badge variant="light" color={openable ? "green.9" : "gray.8"} tt="none">
            <VisuallyHidden>{t("list.status")}: </VisuallyHidden>
            {t(`catalog:${shareStatusLabelKey(view.status)}`)}
          </Badge>
        </Group>
        <FactList facts={facts} />
        <StatusNote view={view} date={date} />
        {view.ownerSuspended && (
          <Alert
            color="orange"
            variant="light"
            role="status"
            icon={<IconLock size={18} aria-hidden="true" />}
          >
            {t("list.ownerSuspended", { owner })}
          </Alert>
        )}
        <Group gap="sm">
          {view.status === "invited" && (
            <>
              <Button
                leftSection={<IconCheck size={18} aria-hidden="true" />}
                loading={pending}
                aria-label={t("list.acceptWhich", { owner })}
                onClick={() => onAnswer("accept")}
              >
                {t("list.accept")}
              </Button>
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconX size={18} aria-hidden="true" />}
                disabled={pending}
                aria-label={t("list.declineWhich", { owner })}
                onClick={() => onAnswer("decline")}
              >
                {t("list.decline")}
              </Button>
            </>
          )}
          {view.status === "accepted" && (
            <Button
              leftSection={<IconKey size={18} aria-hidden="true" />}
              aria-label={t("list.requestWhich", { owner })}
              onClick={() => onAnswer("request")}
            >
              {t("list.request")}
            </Button>
          )}
          {openable && (
            <Button
              component={Link}
              to={sharedFilePath(view.nomineeId)}
              leftSection={<IconFolderOpen size={18} aria-hidden="true" />}
              aria-label={t("list.openWhich", { owner })}
            >
              {t("list.open")}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Where the share stands, in a sentence. */
function StatusNote({ view, date }: { view: SharedWithMeView; date: (value: number | null) => string }) {
  const { t } = useTranslation("shared-with-me");
  const owner = ownerName(view);
  const lines: string[] = [];
  switch (view.status) {
    case "invited":
      lines.push(t("list.invited", { owner, date: date(view.inviteExpiresAt) }));
      break;
    case "expired":
      lines.push(t("list.expired", { owner }));
      break;
    case "requested":
      lines.push(
        view.releaseAt === null
          ? t("list.requestedManual", { owner, requested: date(view.requestedAt) })
          : t("list.requested", { owner, requested: date(view.requestedAt), release: date(view.releaseAt) }),
      );
      break;
    case "released":
      if (view.releasedAt !== null) lines.push(t("list.releasedOn", { date: date(view.releasedAt) }));
      if (view.accessEndsAt !== null) lines.push(t("list.endsOn", { date: date(view.accessEndsAt) }));
      break;
    case "declined":
      lines.push(t("list.declined"));
      break;
    case "cancelled":
      lines.push(t("list.cancelled", { owner }));
      break;
    case "accepted":
      break;
  }
  if (lines.length === 0) return null;
  return (
    <Text size="sm" data-testid="shared-with-me-status">
      {lines.join(" ")}
    </Text>
  );
}
