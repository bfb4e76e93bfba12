import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAYMENT_CURRENCIES } from "../../../domain/catalog/currencies.ts";
import {
  activateCodeBodySchema,
  cardSetupDoneSchema,
  portalBodySchema,
  subscribeBodySchema,
} from "../../../domain/schemas/subscription.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { Database } from "../../db/database.ts";
import { createDonationService } from "./donation.ts";
import type { Portal } from "./portal.ts";
import type { SubscriptionService } from "./service.ts";
import { handleStripeWebhook, type WebhookDeps } from "./webhook.ts";

const idParams = z.object({ id: z.string().max(64) });
const cancelParams = z.object({ a: z.string().max(255), b: z.string().max(64) });
const changeParams = z.object({ a: z.string().max(64), b: z.string().max(64) });
const currencyParams = z.object({
  currency: z.enum(PAYMENT_CURRENCIES, { error: "errors:fields.invalid_choice" }),
});
const productsQuery = z.object({
  isB2BProduct: z
    .enum(["true", "false"], { error: "errors:fields.invalid_choice" })
    .default("false")
    .transform((value) => value === "true"),
});
const searchParams = z.object({ searchText: z.string().max(200) });
const donateQuery = z.object({ companyId: z.string().min(1, { error: "errors:fields.required" }).max(64) });

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };

  api.get("/api/sbs/settings", { config: user }, async () => service.settings());

  api.get(
    "/api/sbs/product/currency/:currency",
    { config: user, schema: { params: currencyParams, querystring: productsQuery } },
    async (request) => service.products(request.params.currency, request.query.isB2BProduct),
  );

  api.get(
    "/api/sbs/product/currencies",
    { config: user, schema: { querystring: productsQuery } },
    async (request) => service.currencies(request.query.isB2BProduct),
  );

  api.get("/api/sbs/", { config: user }, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.list(actorOf(request));
  });

  api.post(
    "/api/sbs/subscribe/:id",
    { config: user, schema: { params: idParams, body: subscribeBodySchema } },
    async (request, reply) => {
      reply.headers(NO_STORE);
      return service.subscribe(actorOf(request), request.params.id, request.body, request.ip);
    },
  );

  // The spec's two forms; the first segment is the spec's and ignored: the session decides whose.
  api.delete("/api/sbs/cancel/:a/:b", { config: user, schema: { params: cancelParams } }, async (request) =>
    service.cancel(actorOf(request), request.params.b),
  );
  api.delete("/api/sbs/cancel/:id", { config: user, schema: { params: idParams } }, async (request) =>
    service.cancel(actorOf(request), request.params.id),
  );
  api.post("/api/sbs/resume/:id", { config: user, schema: { params: idParams } }, async (request) =>
    service.resume(actorOf(request), request.params.id),
  );

  api.post(
    "/api/sbs/change/:a/:b",
    { config: user, schema: { params: changeParams, body: subscribeBodySchema } },
    async (request) => service.change(actorOf(request), request.params.a, request.params.b, request.body),
  );

  api.get("/api/sbs/bt/card", { config: user }, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.card(actorOf(request));
  });
  api.post("/api/sbs/bt/card", { config: user }, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.cardSetup(actorOf(request));
  });
  api.post(
    "/api/sbs/bt/card/default",
    { config: user, schema: { body: cardSetupDoneSchema } },
    async (request) => service.cardDefault(actorOf(request), request.body.setupIntentId),
  );

  api.get("/api/sbs/invoices", { config: user }, async (request, reply) => {
    reply.headers(NO_STORE);
    return service.invoices(actorOf(request));
  });

  // Whose billing the portal opens is decided in portal.ts: the account's own, or its company's for an admin.
  api.post(
    "/api/sbs/portal",
    { config: user, schema: { body: portalBodySchema } },
    async (request, reply) => {
      reply.headers(NO_STORE);
      return options.portal.open(actorOf(request), request.body);
    },
  );

  api.post(
    "/api/sbs/code/activate",
    { config: user, schema: { body: activateCodeBodySchema } },
    async (request) => service.activate(actorOf(request), request.body.code, request.ip),
  );

  api.get("/api/b2b/companies/", { config: user }, async () => donation.search(""));
  api.get(
    "/api/b2b/companies/:searchText",
    { config: user, schema: { params: searchParams } },
    async (request) => donation.search(request.params.searchText),
  );
  api.post(
    "/api/account/donateTo/",
    { config: user, schema: { querystring: donateQuery } },
    async (request) => donation.choose(actorOf(request), request.query.companyId),
  );
  api.get("/api/account/donation", { config: user }, async (request, reply) => {
    reply.headers(NO_STORE);
    return donation.current(actorOf(request));
  });
  api.delete("/api/account/donation", { config: user }, async (request) => donation.clear(actorOf(request)));

  const webhook = options.webhook;
  if (webhook !== null) {
    // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
    await app.register(async (raw) => {
      raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
        done(null, body);
      });
      raw.post("/api/sbs/webhook/stripe", { config: { access: "anonymous" } }, async (request) => {
        const signature = request.headers["stripe-signature"];
        await handleStripeWebhook(webhook, {
          rawBody: request.body as Buffer,
          signature: typeof signature === "string" ? signature : undefined,
          log: request.log,
        });
        return { received: true };
      });
    });
  }
}
