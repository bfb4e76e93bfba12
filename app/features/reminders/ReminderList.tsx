import { Anchor, Stack } from "@mantine/core";
import { Link } from "react-router";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import { reminderPath } from "./reminders.ts";
import { useReminderSentence } from "./useReminderSentence.ts";

/** Reminders as links to their records, in words; overdue ones in red, those of the coming week bold. */
export function ReminderList({ reminders }: { reminders: readonly Reminder[] }) {
  const sentence = useReminderSentence();
  return (
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
  );
}
