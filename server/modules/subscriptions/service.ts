import type { PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import type { BillingSettings, Invoice } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { cardCalls } from "./cards.ts";
import { codeActivation } from "./code-activation.ts";
import { planCalls } from "./plans.ts";
import { currenciesOnSale, productsOnSale } from "./products.ts";
import { type SubscriptionServiceDeps, subscriptionContext } from "./service-context.ts";

/** How many invoices My Subscription lists, the newest. */
const INVOICE_LIMIT = 120;

/** My Subscription's calls, put together from the plans, the card, the codes and the catalog. */
export function createSubscriptionService(deps: SubscriptionServiceDeps) {
  const context = subscriptionContext(deps);
  const { db, repository } = context;
  return {
    settings(): BillingSettings {
      return {
        mode: deps.billing.mode,
        publishableKey: deps.billing.mode === "stripe" ? deps.billing.publishableKey : null,
      };
    },

    products: (currency: PaymentCurrency, isB2B: boolean) => productsOnSale(db, currency, isB2B),

    currencies: (isB2B: boolean) => currenciesOnSale(db, isB2B),

    ...planCalls(context),

    ...cardCalls(context),

    async invoices(actor: Actor): Promise<Invoice[]> {
      const rows = await repository.invoices(actor.userId, INVOICE_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        hostedInvoiceUrl: row.hosted_invoice_url,
        createdAt: row.created_at,
      }));
    },

    activate: codeActivation(context),
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
