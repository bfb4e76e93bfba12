/**
 * How many days before a `date R` its reminders go out, named in each category's declaration
 * (CATALOG.md section 0):
 * 180 days for passports, travel documents, PR cards and permits (many countries want 6 months of
 * validity at entry); 60 for licences, health cards, insurance, leases, registrations, contracts and
 * legal documents due for review; 30 for cards, maintenance and bills. Every reminder is followed by
 * a second one 7 days before the date.
 */
export const REMINDER_FOLLOW_UP_DAYS = 7;

/**
 * The lead times a category names in its declaration (`reminders: "renewal"`), or a field of it
 * whose date is of another kind (`reminder: "routine"`).
 */
const REMINDER_LEADS = { travel: 180, renewal: 60, routine: 30 } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;

/** A lead's reminders: the lead itself, then the follow-up. */
export function leadDays(lead: ReminderLead): readonly number[] {
  return [REMINDER_LEADS[lead], REMINDER_FOLLOW_UP_DAYS];
}
