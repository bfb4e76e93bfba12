import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { useAccount } from "../../session/account.ts";
import { reminderPath, useReminders } from "./reminders.ts";
import { useReminderSentence } from "./useReminderSentence.ts";

/**
 * The dashboard's list of expiry dates coming up (each record's `date R` fields, within their lead
 * time) or passed in the last 30 days, each linking to its record. Shown to subscribers and company
 * members only, who are the ones with records; hidden when the request fails. While the dates load
 * it shows its heading and a loading line, the height of the "nothing due" line, so the screen
 * below it does not shift when they arrive (a layout shift Lighthouse measured at 0.18).
 */
export function RemindersPanel() {
  const { t } = useTranslation("reminders");
  const headingId = useId();
  const roles = useAccount().data?.roles ?? [];
  const allowed = hasFullAccess(roles);
  const query = useReminders(allowed);
  const reminders = query.data;
  const sentence = useReminderSentence();
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
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }}>
            {reminders.map((reminder) => (
              <li key={`${reminder.recordId}:${reminder.field}`}>
                <Anchor
                  component={Link}
                  to={reminderPath(reminder)}
                  c={reminder.daysLeft < 0 ? "red.8" : undefined}
                  fw={reminder.daysLeft <= 7 ? 700 : undefined}
                >
                  {sentence(reminder)}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
