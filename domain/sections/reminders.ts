/**
 * How many days before a `date R` its reminders go out, per category (CATALOG.md section 0):
 * 180 days for passports, travel documents, PR cards and permits (many countries want 6 months of
 * validity at entry); 60 for licences, health cards, insurance, leases, registrations, contracts and
 * legal documents due for review; 30 for cards, maintenance and bills. Every reminder is followed by
 * a second one 7 days before the date.
 */
export const REMINDER_FOLLOW_UP_DAYS = 7;

const TRAVEL = 180;
const RENEWAL = 60;
const ROUTINE = 30;

type LeadRule = { days: number; fields?: Readonly<Record<string, number>> };

/** One row per category with a `date R` field; `fields` where one date is of another kind. */
export const REMINDER_LEAD_DAYS: Readonly<Record<string, LeadRule>> = {
  permanentresident: { days: TRAVEL },
  passport: { days: TRAVEL },
  healthcard: { days: RENEWAL },
  driverlicence: { days: RENEWAL },
  // New-home warranty: defects must be reported before it ends, like a contract.
  owned: { days: RENEWAL },
  rental: { days: RENEWAL },
  setup: { days: RENEWAL },
  bill: { days: ROUTINE },
  safety: { days: ROUTINE },
  maintenance: { days: ROUTINE },
  annualmaintenance: { days: ROUTINE },
  vehicle: { days: RENEWAL },
  // The licence renews like any licence; the next vaccination or check-up is routine care.
  pet: { days: RENEWAL, fields: { nextDueDate: ROUTINE } },
  // A background check takes weeks to renew, like a licence.
  caregiver: { days: RENEWAL },
  benefits: { days: RENEWAL },
  shares: { days: RENEWAL },
  documentlibrary: { days: RENEWAL },
  will: { days: RENEWAL },
  poahealth: { days: RENEWAL },
  poafinances: { days: RENEWAL },
  livingwill: { days: RENEWAL },
  trustee: { days: RENEWAL },
  safetybox: { days: RENEWAL },
  storagebox: { days: RENEWAL },
  asset: { days: RENEWAL },
  insurance: { days: RENEWAL },
  liability: { days: RENEWAL },
  creditcard: { days: ROUTINE },
  flyernumbers: { days: ROUTINE },
};

/**
 * Lead times of a category's `date R` fields, or of one of them when `field` is given: the earliest
 * first, ending with the 7-day follow-up. Undefined for a category without reminders.
 */
export function reminderLeadDays(category: string, field?: string): readonly number[] | undefined {
  const rule = REMINDER_LEAD_DAYS[category];
  if (!rule) return undefined;
  const days = (field === undefined ? undefined : rule.fields?.[field]) ?? rule.days;
  return [days, REMINDER_FOLLOW_UP_DAYS];
}

/** Whether a field has lead times of its own, unlike the rest of its category. */
export function hasOwnLeadDays(category: string, field: string): boolean {
  return REMINDER_LEAD_DAYS[category]?.fields?.[field] !== undefined;
}
