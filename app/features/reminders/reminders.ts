import { useQuery } from "@tanstack/react-query";
import { remindersApi } from "../../../domain/api/reminders.ts";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import { callApi } from "../../api/client.ts";

/** The caller's coming and recently passed expiry dates (full access only). */
export const remindersQuery = {
  queryKey: ["reminders"] as const,
  queryFn: (): Promise<Reminder[]> => callApi(remindersApi.upcoming),
  staleTime: 60_000,
};

/** The reminders, only fetched when `enabled` (the roles allow it). */
export function useReminders(enabled: boolean) {
  return useQuery({ ...remindersQuery, enabled });
}

/** The record's view page, where each reminder leads. */
export function reminderPath(reminder: Reminder): string {
  return `/dashboard/${reminder.module}/${reminder.category}/view/${reminder.recordId}`;
}
