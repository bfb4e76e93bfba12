/**
 * What other modules may use of billing (companies, admin): its reads, the codes' rules, the
 * catalog's repository for platform admins, and the presenters. The app's composition root
 * mounts the routes and builds the service from their own files.
 */
export { billingFactsOf, newestCompanyPlan, runningPlans } from "./account-facts.ts";
export { catalogRepository } from "./catalog-repository.ts";
export {
  type CodeRow,
  displayCode,
  generateCode,
  normalizeCode,
  presentCode,
  recordFailedAttempt,
  refuseGuessing,
} from "./codes.ts";
export type { Entitlements } from "./entitlements.ts";
export { presentSubscription } from "./presenter.ts";
export { currenciesOnSale, presentAdminProduct } from "./products.ts";
export type { SubscriptionService } from "./service.ts";
export { callStripe } from "./stripe-client.ts";
