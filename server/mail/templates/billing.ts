import type { Language } from "../../../domain/catalog/languages.ts";
import { composeMail, type MailTemplate } from "../render.ts";
import { fill, mailStrings } from "../strings.ts";

/**
 * The subscription's transactional mails (server/modules/subscriptions/mails.ts): each names the
 * plan and links to My Subscription. Amounts and dates arrive formatted for the reader.
 */
export type BillingMailData = {
  /** The plan's name as the product calls it. */
  plan: string;
  /** "CA$99.00", formatted in the reader's language; empty when the mail names none. */
  amount: string;
  /** "1 January 2027"; empty when the mail names none. */
  date: string;
  /** My Subscription, where the card is replaced and the plan changed or cancelled. */
  subscriptionUrl: string;
};

type BillingMail = keyof ReturnType<typeof mailStrings>["billing"];

function billingMail(name: BillingMail): MailTemplate<BillingMailData> {
  return (data, lng: Language) => {
    const s = mailStrings(lng).billing[name];
    const params = { plan: data.plan, amount: data.amount, date: data.date };
    return composeMail(lng, {
      subject: fill(s.subject, params),
      heading: s.heading,
      body: [fill(s.body, params)],
      action: { label: s.action, url: data.subscriptionUrl },
    });
  };
}

export const subscriptionStarted = billingMail("started");
export const paymentFailed = billingMail("paymentFailed");
export const renewalReminder = billingMail("renewalReminder");
export const cancellationConfirmed = billingMail("cancelled");
