import "@mantine/core/styles/Badge.css";
import { Badge, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formError } from "../../api/errorMessages.ts";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import {
  currentSessionQueryKey,
  currentSessionToken,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SignedInSession,
  sessionsQueryKey,
} from "./accountApi.ts";
import { useDateTimeFormat } from "./useDateTimeFormat.ts";
import { describeUserAgent } from "./userAgent.ts";

function time(value: SignedInSession["updatedAt"]): number {
  return new Date(value).getTime();
}

/** "Chrome on Windows", from the session's user agent, in the UI language. */
export function useDeviceName(): (userAgent: string | null | undefined) => string {
  const { t } = useTranslation("account");
  return (userAgent) => {
    const { browser, system } = describeUserAgent(userAgent);
    return t("sessions.device", {
      browser: browser ?? t("sessions.unknownBrowser"),
      system: system ?? t("sessions.unknownSystem"),
    });
  };
}

/** Where the account is signed in now: this device first, then the most recently active. */
export function SessionsSection() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: listSessions });
  const current = useQuery({ queryKey: currentSessionQueryKey, queryFn: currentSessionToken });
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });

  const revokeOne = useMutation({
    mutationFn: revokeSession,
    onSuccess: async () => {
      setDone(t("sessions.revoked"));
      await refresh();
    },
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: async () => {
      setDone(t("sessions.othersRevoked"));
      await refresh();
    },
  });

  const currentToken = current.data ?? null;
  const ordered = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.token === currentToken) - Number(a.token === currentToken) ||
      time(b.updatedAt) - time(a.updatedAt),
  );
  const others = ordered.filter((session) => session.token !== currentToken);
  const failure = revokeOne.error ?? revokeOthers.error;

  return (
    <AccountSection title={t("sessions.heading")} description={t("sessions.explain")}>
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common:loading")} />
      ) : sessions.isError ? (
        <ActionFeedback error={formError(t, sessions.error)} />
      ) : (
        <>
          <Stack
            component="ul"
            aria-label={t("sessions.listLabel")}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
          >
            {ordered.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                isCurrent={session.token === currentToken}
                onRevoke={() => {
                  setDone(null);
                  revokeOne.mutate(session.token);
                }}
                revoking={revokeOne.isPending && revokeOne.variables === session.token}
              />
            ))}
          </Stack>
          {others.length > 0 ? (
            <Group>
              <Button
                variant="default"
                loading={revokeOthers.isPending}
                onClick={() => {
                  setDone(null);
                  revokeOthers.mutate();
                }}
              >
                {t("sessions.revokeOthers")}
              </Button>
            </Group>
          ) : (
            <Text c="dimmed">{t("sessions.noOthers")}</Text>
          )}
        </>
      )}
      <ActionFeedback success={done} error={formError(t, failure)} />
    </AccountSection>
  );
}

function SessionRow({
  session,
  isCurrent,
  onRevoke,
  revoking,
}: {
  session: SignedInSession;
  isCurrent: boolean;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation("account");
  const formatDateTime = useDateTimeFormat();
  const device = useDeviceName()(session.userAgent);
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500}>{device}</Text>
            {isCurrent && (
              <Badge color="green" variant="light">
                {t("sessions.thisDevice")}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.ipAddress ? t("sessions.ip", { ip: session.ipAddress }) : t("sessions.unknownIp")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("sessions.created", { date: formatDateTime(session.createdAt) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("sessions.lastActive", { date: formatDateTime(session.updatedAt) })}
          </Text>
        </Stack>
        {!isCurrent && (
          <Button
            variant="default"
            size="xs"
            onClick={onRevoke}
            loading={revoking}
            aria-label={t("sessions.revoke", { device })}
          >
            {t("sessions.revokeLabel")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
