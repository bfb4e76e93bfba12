import { Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { hasFullAccess } from "../../../domain/roles.ts";
import { useAccount } from "../../session/account.ts";
import { ReminderList } from "./ReminderList.tsx";
import { useReminders } from "./reminders.ts";

/**
 * The dashboard's list of expiry dates coming up (each record's `date R` fields, within their lead
 * time) or passed in the last 30 days, each linking to its record. Shown to subscribers and company
 * members only, who are the ones with records; hidden when the request fails. While the dates load
 * it shows its heading and a loading line, the height of the "nothing due" line, so the screen
 * below it does not shift when they arrive.
 */
export function RemindersPanel() {
  const { t } = useTranslation("reminders");
  const headingId = useId();
  const roles = useAccount().data?.roles ?? [];
  const allowed = hasFullAccess(roles);
  const query = useReminders(allowed);
  const reminders = query.data;
  if (!allowed || query.isError) return null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t("title")}
        </Title>
        {reminders === undefined ? (
          // Holds the panel's place while the dates load, so the screen below does not jump down.
          <Text c="dimmed" size="sm">
            {t("common:loading")}
          </Text>
        ) : reminders.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("empty")}
          </Text>
        ) : (
          <ReminderList reminders={reminders} />
        )}
      </Stack>
    </Paper>
  );
}
