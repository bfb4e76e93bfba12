import type Stripe from "stripe";
import type { CardSetup, PaymentCard } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { AppError } from "../../errors/app-error.ts";
import type { SubscriptionContext } from "./service-context.ts";
import { callStripe } from "./stripe-client.ts";

function cardOf(method: Stripe.PaymentMethod): PaymentCard | null {
  if (method.card == null) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** The card on file: the one Stripe charges, a SetupIntent for a new one, and making it the default. */
export function cardCalls(context: SubscriptionContext) {
  const { repository } = context;
  return {
    async card(actor: Actor): Promise<PaymentCard | null> {
      const stripe = context.stripeOrRefuse();
      const customerId = await repository.customerId(actor.userId);
      if (customerId === null) return null;
      const customer = await callStripe(() => stripe.customers.retrieve(customerId));
      if (customer.deleted) return null;
      let method = customer.invoice_settings?.default_payment_method ?? null;
      if (method === null) {
        // The first payment saves its card on the subscription rather than the customer.
        const [providerId] = await repository.paidProviderIds(actor.userId);
        if (providerId === undefined) return null;
        const subscription = await callStripe(() => stripe.subscriptions.retrieve(providerId));
        method = subscription.default_payment_method;
      }
      if (method === null) return null;
      if (typeof method !== "string") return cardOf(method);
      const methodId = method;
      return cardOf(await callStripe(() => stripe.paymentMethods.retrieve(methodId)));
    },

    async cardSetup(actor: Actor): Promise<CardSetup> {
      const stripe = context.stripeOrRefuse();
      const customer = await repository.customerId(actor.userId);
      if (customer === null) throw new AppError("conflict", { message: "errors:billing.no_customer" });
      const intent = await callStripe(() =>
        stripe.setupIntents.create({
          customer,
          usage: "off_session",
          automatic_payment_methods: { enabled: true },
          metadata: { userId: actor.userId },
        }),
      );
      if (intent.client_secret === null) throw new AppError("provider_unavailable");
      return { clientSecret: intent.client_secret };
    },

    /** Makes the card of a succeeded SetupIntent the default, for the customer and its subscriptions. */
    async cardDefault(actor: Actor, setupIntentId: string): Promise<PaymentCard> {
      const stripe = context.stripeOrRefuse();
      const customer = await repository.customerId(actor.userId);
      if (customer === null) throw new AppError("not_found");
      const intent = await callStripe(() => stripe.setupIntents.retrieve(setupIntentId));
      const intentCustomer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      if (intentCustomer !== customer) throw new AppError("not_found");
      if (intent.status !== "succeeded" || intent.payment_method === null) {
        throw new AppError("conflict", { message: "errors:billing.setup_not_finished" });
      }
      const methodId =
        typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method.id;
      await callStripe(() =>
        stripe.customers.update(customer, { invoice_settings: { default_payment_method: methodId } }),
      );
      for (const providerId of await repository.paidProviderIds(actor.userId)) {
        await callStripe(() => stripe.subscriptions.update(providerId, { default_payment_method: methodId }));
      }
      const card = cardOf(await callStripe(() => stripe.paymentMethods.retrieve(methodId)));
      if (card === null) throw new AppError("conflict", { message: "errors:billing.setup_not_finished" });
      return card;
    },
  };
}
