import { useTranslation } from "react-i18next";
import type { Reminder } from "../../../domain/schemas/reminder.ts";
import { isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { categoryLabelKey } from "../../../domain/sections/labels.ts";

/** How a date reads: a review date falls due, a next-due date comes due, anything else expires. */
const WORDING: Record<string, string> = { reviewDate: "review.", nextDueDate: "due." };

/**
 * "Passports · Sam: expires in 42 days", "Will: review due in 18 days", "... expired 3 days ago":
 * one reminder in a sentence, worded for what its date is.
 */
export function useReminderSentence(): (reminder: Reminder) => string {
  const { t } = useTranslation(["reminders", "sections"]);
  return (reminder) => {
    const category = isAssignedType(reminder.category)
      ? t(categoryLabelKey(reminder.category))
      : reminder.category;
    const item =
      reminder.title === null ? category : t("reminders:item", { category, title: reminder.title });
    const words = `reminders:${WORDING[reminder.field] ?? ""}`;
    const when =
      reminder.daysLeft === 0
        ? t(`${words}today`)
        : reminder.daysLeft > 0
          ? t(`${words}inDays`, { count: reminder.daysLeft })
          : t(`${words}daysAgo`, { count: -reminder.daysLeft });
    return t("reminders:sentence", { item, when });
  };
}
