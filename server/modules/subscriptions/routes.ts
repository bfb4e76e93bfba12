import type { FastifyInstance } from "fastify";
import { accountApi } from "../../../domain/api/account.ts";
import { accountTypes } from "../../../domain/api/account.types.ts";
import { subscriptionsApi } from "../../../domain/api/subscriptions.ts";
import { subscriptionsTypes } from "../../../domain/api/subscriptions.types.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import { createDonationService } from "./donation.ts";
import type { Portal } from "./portal.ts";
import type { SubscriptionService } from "./service.ts";
import { handleStripeWebhook, type WebhookDeps } from "./webhook.ts";

/** Billing answers are per account and change with every payment: never cached. */
const NO_STORE = { "cache-control": "no-store" };

/**
 * The spec's `/api/sbs/*` calls, the donation calls and Stripe's webhook (see README.md beside
 * this file). Every call but the webhook is the signed-in account's own ("user": a lapsed account
 * must reach them to subscribe again).
 */
export async function subscriptionRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    service: SubscriptionService;
    portal: Portal;
    webhook: WebhookDeps | null;
  },
): Promise<void> {
  const { service } = options;
  const donation = createDonationService(options.database);

  registerOperation(app, subscriptionsApi.settings, subscriptionsTypes.settings, async () =>
    service.settings(),
  );

  registerOperation(app, subscriptionsApi.products, subscriptionsTypes.products, async (request) =>
    service.products(request.params.currency, request.query.isB2BProduct),
  );

  registerOperation(app, subscriptionsApi.currencies, subscriptionsTypes.currencies, async (request) =>
    service.currencies(request.query.isB2BProduct),
  );

  registerOperation(app, subscriptionsApi.list, subscriptionsTypes.list, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.list(actorOf(request));
  });

  registerOperation(app, subscriptionsApi.subscribe, subscriptionsTypes.subscribe, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.subscribe(actorOf(request), request.params.id, request.body, request.ip);
  });

  // The spec's two forms; the first segment is the spec's and ignored: the session decides whose.
  registerOperation(app, subscriptionsApi.cancelSpec, subscriptionsTypes.cancelSpec, async (request) =>
    service.cancel(actorOf(request), request.params.b),
  );
  registerOperation(app, subscriptionsApi.cancel, subscriptionsTypes.cancel, async (request) =>
    service.cancel(actorOf(request), request.params.id),
  );
  registerOperation(app, subscriptionsApi.resume, subscriptionsTypes.resume, async (request) =>
    service.resume(actorOf(request), request.params.id),
  );

  registerOperation(app, subscriptionsApi.change, subscriptionsTypes.change, async (request) =>
    service.change(actorOf(request), request.params.a, request.params.b, request.body),
  );

  registerOperation(app, subscriptionsApi.card, subscriptionsTypes.card, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.card(actorOf(request));
  });
  registerOperation(app, subscriptionsApi.cardSetup, subscriptionsTypes.cardSetup, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.cardSetup(actorOf(request));
  });
  registerOperation(app, subscriptionsApi.cardDefault, subscriptionsTypes.cardDefault, async (request) =>
    service.cardDefault(actorOf(request), request.body.setupIntentId),
  );

  registerOperation(app, subscriptionsApi.invoices, subscriptionsTypes.invoices, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.invoices(actorOf(request));
  });

  // Whose billing the portal opens is decided in portal.ts: the account's own, or its company's for an admin.
  registerOperation(app, subscriptionsApi.portal, subscriptionsTypes.portal, async (request, reply) => {
    reply.headers(NO_STORE);
    return options.portal.open(actorOf(request), request.body);
  });

  registerOperation(app, subscriptionsApi.activateCode, subscriptionsTypes.activateCode, async (request) =>
    service.activate(actorOf(request), request.body.code, request.ip),
  );

  registerOperation(app, accountApi.charities, accountTypes.charities, async () => donation.search(""));
  registerOperation(app, accountApi.searchCharities, accountTypes.searchCharities, async (request) =>
    donation.search(request.params.searchText),
  );
  registerOperation(app, accountApi.donateTo, accountTypes.donateTo, async (request) =>
    donation.choose(actorOf(request), request.query.companyId),
  );
  registerOperation(app, accountApi.donation, accountTypes.donation, async (request, reply) => {
    reply.headers(NO_STORE);
    return donation.current(actorOf(request));
  });
  registerOperation(app, accountApi.clearDonation, accountTypes.clearDonation, async (request) =>
    donation.clear(actorOf(request)),
  );

  const webhook = options.webhook;
  if (webhook !== null) {
    // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
    await app.register(async (raw) => {
      raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
        done(null, body);
      });
      registerOperation(
        raw,
        subscriptionsApi.stripeWebhook,
        subscriptionsTypes.stripeWebhook,
        async (request) => {
          const signature = request.headers["stripe-signature"];
          await handleStripeWebhook(webhook, {
            rawBody: request.body as unknown as Buffer,
            signature: typeof signature === "string" ? signature : undefined,
            log: request.log,
          });
          return { received: true as const };
        },
      );
    });
  }
}
