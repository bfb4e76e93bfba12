import type { Kysely } from "kysely";
import { isLanguage, type Language } from "../../../domain/catalog/languages.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { DB } from "../../db/schema.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { BillingMailData } from "../../mail/templates/billing.ts";
import type { ProductRow } from "./products.ts";

export const MY_SUBSCRIPTION_PATH = "/dashboard/manage-account/my-subscription";

export type BillingMailName =
  | "subscriptionStarted"
  | "paymentFailed"
  | "renewalReminder"
  | "cancellationConfirmed";

export type BillingMails = {
  /**
   * Writes one of the subscription's mails to the account holder, in their language, inside the
   * caller's transaction: the mail exists exactly when the change it reports does.
   */
  send(
    trx: Kysely<DB>,
    userId: string,
    name: BillingMailName,
    facts: { product: ProductRow | null; amount?: number; currency?: string; date?: number | null },
  ): Promise<void>;
};

function formatAmount(lng: Language, amount: number, currency: string): string {
  return new Intl.NumberFormat(lng === "fr" ? "fr-CA" : "en-CA", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export function createBillingMails(options: { outbox: MailOutbox; publicUrl: string }): BillingMails {
  return {
    async send(trx, userId, name, facts) {
      const user = await trx
        .selectFrom("user")
        .select(["email", "lang"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (user === undefined) return;
      const lng: Language = user.lang !== null && isLanguage(user.lang) ? user.lang : "en";
      const amount = facts.amount ?? facts.product?.amount;
      const currency = facts.currency ?? facts.product?.currency;
      const data: BillingMailData = {
        plan: facts.product?.name ?? "Kinfile",
        amount: amount === undefined || currency === undefined ? "" : formatAmount(lng, amount, currency),
        date: facts.date == null ? "" : (formatDate(facts.date, lng) ?? ""),
        subscriptionUrl: `${options.publicUrl}${MY_SUBSCRIPTION_PATH}`,
      };
      await options.outbox.enqueueMail({ to: user.email, template: name, data, lng }, trx);
    },
  };
}
