import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconHandStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../domain/dates.ts";
import { hasFullAccess } from "../../../domain/roles.ts";
import type { NomineeView } from "../../../domain/schemas/share.ts";
import { useAccount } from "../../session/account.ts";
import { viewPath } from "../../shell/recordPaths.ts";
import { fullName } from "../personal-network/personDisplay.ts";
import { SHARED_BY_ME_PATH } from "./routes.ts";
import { useNominees } from "./useNominee.ts";
import { useNomineeActions } from "./useNomineeActions.tsx";

/**
 * At the top of every dashboard page while a nominee waits for the owner's answer (the issue:
 * "when the owner signs in during the wait, a banner asks them to approve or decline"). Only
 * accounts that can have nominees ask for the list; the texts load only when there is a request.
 */
export function PendingRequestBanner() {
  const canShare = hasFullAccess(useAccount().data?.roles ?? []);
  const nominees = useNominees(canShare);
  const requested = nominees.data?.filter((nominee) => nominee.status === "requested") ?? [];
  if (!canShare || requested.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {requested.map((nominee) => (
        <RequestAlert key={nominee.id} nominee={nominee} />
      ))}
    </Stack>
  );
}

function RequestAlert({ nominee }: { nominee: NomineeView }) {
  const { t, i18n } = useTranslation("sharing");
  const name = fullName(nominee);
  const actions = useNomineeActions({ id: nominee.id, name });
  const date = nominee.release === "manual" ? null : formatDate(nominee.releaseAt, i18n.language);

  return (
    // The neutral variant: coloured text on a light orange ground falls short of WCAG contrast.
    <Alert
      color="orange"
      variant="default"
      title={t("banner.title")}
      icon={<IconHandStop size={20} aria-hidden="true" />}
      data-testid={`request-banner-${nominee.id}`}
    >
      <Stack gap="sm">
        <Text size="sm">
          {date === null ? t("banner.manual", { name }) : t("banner.automatic", { name, date })}
        </Text>
        <Group gap="sm">
          <Button
            size="compact-sm"
            onClick={() => actions.ask("approve")}
            data-testid="request-banner-approve"
          >
            {t("banner.approve")}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => actions.ask("decline")}
            data-testid="request-banner-decline"
          >
            {t("banner.decline")}
          </Button>
          <Anchor component={Link} to={viewPath(SHARED_BY_ME_PATH, nominee.id)} size="sm">
            {t("banner.open", { name })}
          </Anchor>
        </Group>
      </Stack>
      {actions.dialog}
    </Alert>
  );
}
