import type { Insertable, Kysely, Selectable } from "kysely";
import type { SubscriptionStatus } from "../../../domain/schemas/subscription.ts";
import type { DB, InvoiceTable, SubscriptionTable } from "../../db/schema.ts";
import type { CodeRow } from "./codes.ts";
import type { ProductRow } from "./products.ts";

type SubscriptionRow = Selectable<SubscriptionTable>;

/** Statuses a running plan has: paid, or paid late. */
export const PAID_STATUSES = ["active", "trialing", "past_due"] as const satisfies SubscriptionStatus[];

/**
 * The queries of My Subscription and of the reads other modules ask of billing (a company's plan,
 * an account's plan and codes for platform admins, the overview's sums) on `subscription`,
 * `product`, `billing_customer`, `invoice` and the codes' redemptions. Pass a transaction to run
 * them inside it.
 */
export function subscriptionRepository(db: Kysely<DB>) {
  const product = (id: string): Promise<ProductRow | undefined> =>
    db.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
  return {
    /** One of the account's subscriptions; undefined for another account's. */
    own(userId: string, id: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom("subscription")
        .selectAll()
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
    },

    /** What the role decision reads of the account's subscriptions: its own plans, or its company plans. */
    entitlementSources(userId: string, b2b: boolean) {
      return db
        .selectFrom("subscription")
        .leftJoin("product", "product.id", "subscription.product_id")
        .select(["subscription.provider", "subscription.status", "subscription.current_period_end"])
        .where("subscription.user_id", "=", userId)
        .where((eb) =>
          b2b
            ? eb("product.is_b2b", "=", 1)
            : eb.or([eb("product.is_b2b", "is", null), eb("product.is_b2b", "=", 0)]),
        )
        .execute();
    },

    /** The account's subscriptions, newest first. */
    ofAccount(userId: string): Promise<SubscriptionRow[]> {
      return db
        .selectFrom("subscription")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .execute();
    },

    byProviderId(providerId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom("subscription")
        .selectAll()
        .where("provider_subscription_id", "=", providerId)
        .executeTakeFirst();
    },

    /** The account's Stripe subscriptions of one kind (own plan or company plan) in the given statuses. */
    heldAtStripe(userId: string, isB2B: boolean, statuses: readonly SubscriptionStatus[]) {
      return db
        .selectFrom("subscription")
        .innerJoin("product", "product.id", "subscription.product_id")
        .selectAll("subscription")
        .where("subscription.user_id", "=", userId)
        .where("subscription.provider", "=", "stripe")
        .where("subscription.status", "in", [...statuses])
        .where("product.is_b2b", "=", isB2B ? 1 : 0)
        .execute();
    },

    /** The Stripe ids of the account's running Stripe subscriptions, newest first. */
    async paidProviderIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("subscription")
        .select("provider_subscription_id")
        .where("user_id", "=", userId)
        .where("provider", "=", "stripe")
        .where("status", "in", PAID_STATUSES)
        .orderBy("created_at", "desc")
        .execute();
      return rows.flatMap((row) =>
        row.provider_subscription_id === null ? [] : [row.provider_subscription_id],
      );
    },

    /** A new subscription; a Stripe one already stored by its webhook is left as it is. */
    insert(row: Insertable<SubscriptionTable>): Promise<unknown> {
      return db
        .insertInto("subscription")
        .values(row)
        .onConflict((conflict) => conflict.column("provider_subscription_id").doNothing())
        .execute();
    },

    /** When the account's latest code period ends (0 without one). */
    async codePeriodEnd(userId: string): Promise<number> {
      const running = await db
        .selectFrom("subscription")
        .select((eb) => eb.fn.max("current_period_end").as("end"))
        .where("user_id", "=", userId)
        .where("provider", "=", "code")
        .executeTakeFirst();
      return Number(running?.end ?? 0);
    },

    product,

    /** The plan Stripe bills at a price. */
    productByPrice(priceId: string): Promise<ProductRow | undefined> {
      return db.selectFrom("product").selectAll().where("provider_price_id", "=", priceId).executeTakeFirst();
    },

    /**
     * Rewrites a subscription only if it is still as it was read (same status and update time):
     * false when another sync changed it first.
     */
    async updateIfUnchanged(
      row: SubscriptionRow,
      changes: Partial<Omit<SubscriptionRow, "id">>,
    ): Promise<boolean> {
      const updated = await db
        .updateTable("subscription")
        .set(changes)
        .where("id", "=", row.id)
        .where("status", "=", row.status)
        .where("updated_at", "=", row.updated_at)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    /**
     * Marks a running plan's renewal as reminded for a period end, once; answers its account and
     * product, or undefined when it no longer renews then or was reminded already.
     */
    markReminded(id: string, periodEnd: number) {
      return db
        .updateTable("subscription")
        .set({ reminded_period_end: periodEnd })
        .where("id", "=", id)
        .where("status", "=", "active")
        .where("cancel_at_period_end", "=", 0)
        .where("current_period_end", "=", periodEnd)
        .where((eb) =>
          eb.or([eb("reminded_period_end", "is", null), eb("reminded_period_end", "!=", periodEnd)]),
        )
        .returning(["user_id", "product_id"])
        .executeTakeFirst();
    },

    /** The Stripe ids of the account's subscriptions in the given statuses. */
    async providerIdsIn(userId: string, statuses: readonly SubscriptionStatus[]): Promise<string[]> {
      const rows = await db
        .selectFrom("subscription")
        .select("provider_subscription_id")
        .where("user_id", "=", userId)
        .where("provider", "=", "stripe")
        .where("status", "in", [...statuses])
        .execute();
      return rows.flatMap((row) =>
        row.provider_subscription_id === null ? [] : [row.provider_subscription_id],
      );
    },

    /** The account a Stripe customer is, if it is one of ours. */
    async customerOwner(customerId: string): Promise<string | null> {
      const row = await db
        .selectFrom("billing_customer")
        .select("user_id")
        .where("provider_customer_id", "=", customerId)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** Stores an invoice as Stripe last described it. */
    upsertInvoice(
      key: { id: string; user_id: string; created_at: number },
      values: Omit<Selectable<InvoiceTable>, "id" | "user_id" | "created_at">,
    ): Promise<unknown> {
      return db
        .insertInto("invoice")
        .values({ ...key, ...values })
        .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
        .execute();
    },

    async eventSeen(id: string): Promise<boolean> {
      const seen = await db.selectFrom("provider_event").select("id").where("id", "=", id).executeTakeFirst();
      return seen !== undefined;
    },

    /** Records a webhook event; false when another delivery recorded it first. */
    async recordEvent(id: string, type: string, now: number): Promise<boolean> {
      const first = await db
        .insertInto("provider_event")
        .values({ id, type, received_at: now })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return first !== undefined;
    },

    /**
     * A deleted account's billing rows go; the codes it used stay used and its pending discount
     * is dropped, and so are its guessing counts.
     */
    async forgetAccount(userId: string): Promise<void> {
      for (const table of [
        "subscription",
        "invoice",
        "entitlement",
        "donation_choice",
        "billing_customer",
      ] as const) {
        await db.deleteFrom(table).where("user_id", "=", userId).execute();
      }
      await db.deleteFrom("code_attempt").where("key", "=", `account:${userId}`).execute();
      await db.updateTable("code_redemption").set({ pending: 0 }).where("user_id", "=", userId).execute();
    },

    /** The products of some subscriptions, by id. */
    async productsById(ids: readonly string[]): Promise<Map<string, ProductRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom("product")
        .selectAll()
        .where("id", "in", [...ids])
        .execute();
      return new Map(rows.map((product) => [product.id, product]));
    },

    /** A company plan: the newest B2B subscription its billing user holds, with its product. */
    async newestB2B(
      userId: string,
    ): Promise<{ row: SubscriptionRow; product: ProductRow | undefined } | null> {
      const row = await db
        .selectFrom("subscription")
        .innerJoin("product", "product.id", "subscription.product_id")
        .selectAll("subscription")
        .where("subscription.user_id", "=", userId)
        .where("product.is_b2b", "=", 1)
        .orderBy("subscription.created_at", "desc")
        .executeTakeFirst();
      if (row === undefined) return null;
      return { row, product: await product(row.product_id as string) };
    },

    /** The account's subscriptions with their product's name, for platform admins. */
    withProductNames(userId: string) {
      return db
        .selectFrom("subscription")
        .leftJoin("product", "product.id", "subscription.product_id")
        .selectAll("subscription")
        .select("product.name as product_name")
        .where("subscription.user_id", "=", userId)
        .execute();
    },

    /** Every running Stripe plan with its product's price, for the admin overview's sums. */
    runningStripePlans() {
      return db
        .selectFrom("subscription")
        .innerJoin("product", "product.id", "subscription.product_id")
        .select([
          "product.currency",
          "product.name",
          "product.interval",
          "product.amount",
          "subscription.quantity",
          "subscription.created_at",
        ])
        .where("subscription.provider", "=", "stripe")
        .where("subscription.status", "in", PAID_STATUSES)
        .execute();
    },

    async customerId(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom("billing_customer")
        .select("provider_customer_id")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row?.provider_customer_id ?? null;
    },

    /** Stores the account's Stripe customer unless one is stored already. */
    insertCustomer(userId: string, customerId: string, now: number): Promise<unknown> {
      return db
        .insertInto("billing_customer")
        .values({ user_id: userId, provider_customer_id: customerId, created_at: now })
        .onConflict((conflict) => conflict.column("user_id").doNothing())
        .execute();
    },

    /** The account's invoices, newest first. */
    invoices(userId: string, limit: number): Promise<Selectable<InvoiceTable>[]> {
      return db
        .selectFrom("invoice")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
    },

    /** A discount code activated earlier and not used yet, still valid: the newest. */
    pendingDiscount(userId: string, now: number): Promise<CodeRow | undefined> {
      return db
        .selectFrom("code_redemption")
        .innerJoin("billing_code", "billing_code.id", "code_redemption.code_id")
        .selectAll("billing_code")
        .where("code_redemption.user_id", "=", userId)
        .where("code_redemption.pending", "=", 1)
        .where("billing_code.archived_at", "is", null)
        .where((eb) =>
          eb.or([eb("billing_code.expires_at", "is", null), eb("billing_code.expires_at", ">", now)]),
        )
        .orderBy("code_redemption.created_at", "desc")
        .executeTakeFirst();
    },

    /** The pending discount has been taken by a subscribe. */
    discountUsed(codeId: string, userId: string): Promise<unknown> {
      return db
        .updateTable("code_redemption")
        .set({ pending: 0 })
        .where("code_id", "=", codeId)
        .where("user_id", "=", userId)
        .execute();
    },

    /** The codes the account redeemed (discounts once used), newest first. */
    redeemedCodes(userId: string) {
      return db
        .selectFrom("code_redemption")
        .innerJoin("billing_code", "billing_code.id", "code_redemption.code_id")
        .select(["billing_code.code", "billing_code.kind", "code_redemption.created_at"])
        .where("code_redemption.user_id", "=", userId)
        .where("code_redemption.pending", "=", 0)
        .orderBy("code_redemption.created_at", "desc")
        .execute();
    },
  };
}
