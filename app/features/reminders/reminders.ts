import { useQuery } from "@tanstack/react-query";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import { apiFetch } from "../../api/client.ts";

const remindersQueryKey = ["reminders"] as const;

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
