/**
 * Where people reach Kinfile's support, shown on the pages reached from emails (/unsubscribe).
 * One place to change for a deployment.
 */
export const SUPPORT_CONTACT = {
  /** As printed. */
  phone: "+1 (800) 555-0199",
  /** As dialled (tel: link). */
  phoneDial: "+18005550199",
  email: "support@kinfile.example",
} as const;
