import type Stripe from "stripe";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { createEntitlements, type Entitlements } from "./entitlements.ts";
import { createBillingMails } from "./mails.ts";
import { createPortal, type Portal } from "./portal.ts";
import type { BillingJobs } from "./renewal.ts";
import { createSubscriptionService, type SubscriptionService } from "./service.ts";
import { createStripeClient } from "./stripe-client.ts";
import type { SyncDeps } from "./stripe-sync.ts";
import type { WebhookDeps } from "./webhook.ts";

/** Billing's parts for one app, built once in the composition root (server/app.ts). */
export type Billing = {
  service: SubscriptionService;
  /** Stripe's customer portal (409 billing_off without Stripe). */
  portal: Portal;
  /** The SDK in stripe mode, else null; admins' product and code calls use it too. */
  stripe: Stripe | null;
  /** The webhook's needs in stripe mode, else null (no webhook route). */
  webhook: WebhookDeps | null;
  /** Shared with companies: a membership changes roles as a subscription does. */
  entitlements: Entitlements;
};

export async function createBilling(options: {
  config: Config;
  database: Database;
  mail: MailOutbox;
  jobs: JobQueue<BillingJobs>;
  forgetSessions: (userId: string) => void;
  clock: () => number;
}): Promise<Billing> {
  const { config, database, clock } = options;
  const billing = config.billing;
  const stripe = billing.mode === "stripe" ? await createStripeClient(billing) : null;
  const sync: SyncDeps = {
    entitlements: createEntitlements({ clock, forgetSessions: options.forgetSessions }),
    mails: createBillingMails({ outbox: options.mail, publicUrl: config.publicUrl }),
    jobs: options.jobs,
    clock,
  };
  return {
    service: createSubscriptionService({ ...sync, database, billing, stripe }),
    portal: createPortal({ database, stripe, publicUrl: config.publicUrl }),
    stripe,
    entitlements: sync.entitlements,
    webhook:
      stripe === null || billing.mode !== "stripe"
        ? null
        : { ...sync, database, stripe, webhookSecret: billing.webhookSecret },
  };
}
