import { Loader, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isSignInEventKind, type SignInEventItem } from "../../../domain/schemas/account.ts";
import { formError } from "../../api/errorMessages.ts";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { eventsQueryKey, listSignInEvents } from "./accountApi.ts";
import { useDeviceName } from "./SessionsSection.tsx";
import { useDateTimeFormat } from "./useDateTimeFormat.ts";

/** The account's recent security log: sign-ins, failures and changes, newest first. */
export function ActivitySection() {
  const { t } = useTranslation("account");
  const events = useQuery({ queryKey: eventsQueryKey, queryFn: listSignInEvents });
  return (
    <AccountSection title={t("activity.heading")} description={t("activity.explain")}>
      {events.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common:loading")} />
      ) : events.isError ? (
        <ActionFeedback error={formError(t, events.error)} />
      ) : events.data.items.length === 0 ? (
        <Text>{t("activity.empty")}</Text>
      ) : (
        <Stack
          component="ol"
          aria-label={t("activity.listLabel")}
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {events.data.items.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </Stack>
      )}
    </AccountSection>
  );
}

function EventRow({ event }: { event: SignInEventItem }) {
  const { t } = useTranslation("account");
  const formatDateTime = useDateTimeFormat();
  const device = useDeviceName()(event.userAgent);
  const failed = event.kind === "sign_in_failed";
  return (
    <Paper component="li" withBorder p="sm">
      <Text fw={500} c={failed ? "var(--mantine-color-error)" : undefined}>
        {isSignInEventKind(event.kind) ? t(`activity.kind.${event.kind}`) : t("activity.unknownKind")}
      </Text>
      <Text size="sm" c="dimmed">
        {[formatDateTime(event.createdAt), device, event.ip ? t("sessions.ip", { ip: event.ip }) : null]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Paper>
  );
}
