import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { releaseTimingLabelKey, shareStatusLabelKey } from "../../../domain/catalog/releaseTimings.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { NomineeView } from "../../../domain/schemas/share.ts";
import { ApiError } from "../../api/client.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editPath, listPathOf } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { fullName } from "../personal-network/personDisplay.ts";
import { AccessLog } from "./AccessLog.tsx";
import { NomineeNotFound } from "./NomineeNotFound.tsx";
import { scopeLines } from "./scopeDisplay.ts";
import { useNominee } from "./useNominee.ts";
import { actionsFor, useNomineeActions } from "./useNomineeActions.tsx";

/** The moments shown when set, in lifecycle order. */
const DATES = [
  "invitedAt",
  "inviteExpiresAt",
  "requestedAt",
  "releaseAt",
  "releasedAt",
  "accessEndsAt",
  "revokedAt",
] as const;

/** shared-by-me/view/{id}: who, what is shared, when, the status and its actions, then the access log. */
export function NomineeViewPage() {
  const { t } = useTranslation("sharing");
  const { id = "" } = useParams();
  const { pathname } = useLocation();
  const listPath = listPathOf(pathname);
  const nominee = useNominee(id);
  usePageTitle(nominee.data ? fullName(nominee.data) : t("view.title"));
  const notFound = nominee.error instanceof ApiError && nominee.error.status === 404;

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={listPath} />
      {nominee.data ? (
        <NomineeDetails nominee={nominee.data} listPath={listPath} />
      ) : notFound ? (
        <NomineeNotFound />
      ) : nominee.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("view.loadFailed")}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function NomineeDetails({ nominee, listPath }: { nominee: NomineeView; listPath: string }) {
  const { t, i18n } = useTranslation(["sharing", "catalog", "sections"]);
  const navigate = useNavigate();
  const name = fullName(nominee);
  const actions = useNomineeActions({ id: nominee.id, name }, (action) => {
    if (action === "delete") navigate(listPath, { replace: true });
  });
  // The invitation's end matters only while it waits for an answer.
  const shownDates = DATES.filter(
    (key) => nominee[key] !== null && (key !== "inviteExpiresAt" || nominee.status === "invited"),
  );

  const details: [label: string, value: ReactNode, testId: string][] = [
    [t("view.name"), name, "nominee-name"],
    [t("view.email"), nominee.email, "nominee-email"],
    [
      t("view.scope"),
      <ul key="scope" style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
        {scopeLines(nominee.scope, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>,
      "nominee-scope",
    ],
    [t("view.when"), t(`catalog:${releaseTimingLabelKey(nominee.release)}`), "nominee-release"],
    [t("view.status"), t(`catalog:${shareStatusLabelKey(nominee.status)}`), "nominee-status"],
    ...shownDates.map((key): [string, ReactNode, string] => [
      t(`view.${key}`),
      formatDate(nominee[key], i18n.language),
      `nominee-${key}`,
    ]),
  ];

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{name}</Title>
        <Button
          component={Link}
          to={editPath(listPath, nominee.id)}
          leftSection={<IconPencil size={18} aria-hidden="true" />}
        >
          {t("view.edit")}
        </Button>
      </Group>
      <dl style={{ margin: 0, display: "grid", gap: "var(--mantine-spacing-md)" }}>
        {details.map(([label, value, testId]) => (
          <div key={testId}>
            <Text component="dt" fw={700} size="sm">
              {label}
            </Text>
            <dd style={{ margin: 0, overflowWrap: "anywhere" }} data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Group gap="sm">
        {actionsFor(nominee.status).map((action) => (
          <Button
            key={action}
            variant={action === "approve" || action === "grant" ? "filled" : "outline"}
            color={action === "delete" || action === "revoke" ? "red.8" : undefined}
            onClick={() => actions.ask(action)}
            data-testid={`nominee-action-${action}`}
          >
            {t(`actions.${action}.button`)}
          </Button>
        ))}
      </Group>
      {actions.dialog}
      <AccessLog nomineeId={nominee.id} name={nominee.firstName} />
    </>
  );
}
