import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";

/** One item of GET /api/reminders (server/modules/reminders/README.md). */
export type Reminder = {
  recordId: string;
  module: string;
  category: string;
  field: string;
  /** Epoch ms. */
  date: number;
  /** UTC calendar days from today: 0 today, negative once passed. */
  daysLeft: number;
  holderName: string | null;
  title: string | null;
};

export const remindersQueryKey = ["reminders"] as const;

/** The caller's coming and recently passed expiry dates; only fetched when `enabled` (the roles allow it). */
export function useReminders(enabled: boolean) {
  return useQuery({
    queryKey: remindersQueryKey,
    queryFn: () => apiFetch<Reminder[]>("/api/reminders"),
    enabled,
    staleTime: 60_000,
  });
}

/** The record's view page, where each reminder leads. */
export function reminderPath(reminder: Reminder): string {
  return `/dashboard/${reminder.module}/${reminder.category}/view/${reminder.recordId}`;
}
