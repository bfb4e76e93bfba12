import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../domain/dates.ts";
import type { PendingInvitation } from "../../../domain/schemas/company.ts";
import { useAcceptInvitation } from "./companyApi.ts";

/**
 * The invitations waiting for the account's address, each with its Accept button: the page of
 * /b2b (its heading the page's, level 1) and a section of the home (level 2).
 */
export function PendingInvitations({
  invitations,
  headingOrder = 1,
}: {
  invitations: PendingInvitation[];
  headingOrder?: 1 | 2;
}) {
  const { t, i18n } = useTranslation("company");
  const accept = useAcceptInvitation();
  return (
    <Stack gap="md">
      <Title order={headingOrder}>{t("invitations.heading")}</Title>
      {invitations.map((invitation) => (
        <Paper key={invitation.id} withBorder p="md">
          <Group justify="space-between" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {t("invitations.from", { name: invitation.companyName })}
              </Text>
              <Text size="sm" c="dimmed">
                {t("invitations.sent", { date: formatDate(invitation.invitedAt, i18n.language) })}
              </Text>
            </div>
            <Button
              loading={accept.isPending && accept.variables === invitation.id}
              onClick={() => accept.mutate(invitation.id)}
              aria-label={t("invitations.acceptFrom", { name: invitation.companyName })}
            >
              {t("invitations.accept")}
            </Button>
          </Group>
        </Paper>
      ))}
      {accept.data?.status === false || accept.isError ? (
        <Alert color="red" role="alert">
          {accept.error?.message ?? t("invitations.failed")}
        </Alert>
      ) : null}
    </Stack>
  );
}
