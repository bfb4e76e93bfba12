import { defineOperations } from "./contract.ts";
import type { subscriptionsTypes } from "./subscriptions.types.ts";

/**
 * My Subscription's calls, the signed-in account's own: any signed-in account, since a lapsed one
 * must reach them to subscribe again; and Stripe's webhook, anonymous, its body checked against
 * Stripe's signature by the route. The mail's unsubscribe link is `unsubscribe`'s.
 */
export const subscriptionsApi = defineOperations<typeof subscriptionsTypes>()({
  settings: { method: "GET", path: "/api/sbs/settings", access: "user" },
  products: { method: "GET", path: "/api/sbs/product/currency/:currency", access: "user" },
  currencies: { method: "GET", path: "/api/sbs/product/currencies", access: "user" },
  list: { method: "GET", path: "/api/sbs/", access: "user" },
  subscribe: { method: "POST", path: "/api/sbs/subscribe/:id", access: "user" },
  cancelSpec: { method: "DELETE", path: "/api/sbs/cancel/:a/:b", access: "user" },
  cancel: { method: "DELETE", path: "/api/sbs/cancel/:id", access: "user" },
  resume: { method: "POST", path: "/api/sbs/resume/:id", access: "user" },
  change: { method: "POST", path: "/api/sbs/change/:a/:b", access: "user" },
  card: { method: "GET", path: "/api/sbs/bt/card", access: "user" },
  cardSetup: { method: "POST", path: "/api/sbs/bt/card", access: "user" },
  cardDefault: { method: "POST", path: "/api/sbs/bt/card/default", access: "user" },
  invoices: { method: "GET", path: "/api/sbs/invoices", access: "user" },
  portal: { method: "POST", path: "/api/sbs/portal", access: "user" },
  activateCode: { method: "POST", path: "/api/sbs/code/activate", access: "user" },
  stripeWebhook: { method: "POST", path: "/api/sbs/webhook/stripe", access: "anonymous" },
});
