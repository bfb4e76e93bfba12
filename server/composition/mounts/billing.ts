import { createBillingAdmin } from "../../modules/admin/billing-admin.ts";
import { adminRoutes, forgetAccountComments } from "../../modules/admin/routes.ts";
import { createUserAdmin } from "../../modules/admin/users.ts";
import { companyRoutes, forgetCompanyMembership } from "../../modules/companies/routes.ts";
import { createCompanyService } from "../../modules/companies/service.ts";
import { createBilling } from "../../modules/subscriptions/billing.ts";
import { forgetBilling } from "../../modules/subscriptions/forget-account.ts";
import { subscriptionRoutes } from "../../modules/subscriptions/routes.ts";
import type { ModuleMount } from "../dependencies.ts";

/** Subscriptions, the admin screens and companies, with auth and the billing mail. */
export const mountBilling: ModuleMount = async (app, deps) => {
  const { config, database, eraser, locales, clock, auth } = deps;
  if (deps.billing === undefined || auth === undefined) return;
  const { sessions } = auth;
  const billing = await createBilling({
    config,
    database,
    mail: deps.billing.mail,
    jobs: deps.billing.jobs,
    forgetSessions: (userId) => sessions.forgetUser(userId),
    clock,
  });
  await app.register(subscriptionRoutes, {
    database,
    service: billing.service,
    portal: billing.portal,
    webhook: billing.webhook,
  });
  await app.register(adminRoutes, {
    billingAdmin: createBillingAdmin({ database, stripe: billing.stripe, clock }),
    userAdmin: createUserAdmin({ services: auth, billing: config.billing.mode, clock, eraser }),
    database,
    billing: config.billing.mode,
    clock,
  });
  await app.register(companyRoutes, {
    service: createCompanyService({
      database,
      billing: config.billing.mode,
      entitlements: billing.entitlements,
      seatPlan: billing.service,
      mail: deps.billing.mail,
      jobs: deps.billing.jobs,
      publicUrl: config.publicUrl,
      clock,
      translate: (lng, key, params) => locales.translate(lng, key, params),
    }),
  });
  // Cancels the account's Stripe subscriptions; admins' comments on it; its company seat.
  for (const hook of [forgetBilling(billing.stripe), forgetAccountComments, forgetCompanyMembership])
    eraser.add(hook);
};
