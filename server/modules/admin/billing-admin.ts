import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type {
  AdminCharity,
  AdminProduct,
  BillingCode,
  CreateCodeBody,
  CreateProductBody,
} from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../errors/app-error.ts";
import { type CodeRow, generateCode, presentCode } from "../subscriptions/codes.ts";
import { presentAdminProduct } from "../subscriptions/products.ts";
import { callStripe } from "../subscriptions/stripe-client.ts";
import { audit } from "./audit.ts";

/** Rows listed per admin table: the newest first. */
const LIST_LIMIT = 1_000;

/**
 * What platform admins run of billing: the products on sale, the codes, the charities. Nothing
 * here reads an account's file. Every write is audited. In stripe mode a product names its Stripe
 * price (checked against Stripe, so a plan never charges another amount than it shows) and a
 * discount code is a Stripe promotion code of a one-off coupon.
 */
export function createBillingAdmin(options: {
  database: Database;
  stripe: Stripe | null;
  clock: () => number;
}) {
  const { database, stripe, clock } = options;
  const db = database.db;

  async function checkPrice(body: CreateProductBody): Promise<string | null> {
    if (stripe === null) return body.providerPriceId ?? null;
    const priceId = body.providerPriceId;
    if (!priceId) {
      throw new AppError("validation_failed", {
        fields: { providerPriceId: "errors:billing.product_in_use_price" },
      });
    }
    const price = await callStripe(() => stripe.prices.retrieve(priceId));
    const matches =
      price.currency === body.currency &&
      price.unit_amount === body.amount &&
      price.recurring?.interval === body.interval;
    if (!matches) {
      throw new AppError("validation_failed", {
        fields: { providerPriceId: "errors:billing.price_mismatch" },
      });
    }
    return priceId;
  }

  /** A discount's promotion code at Stripe; vouchers and subscription codes live only here. */
  async function promotionFor(body: CreateCodeBody, code: string, couponId: string): Promise<string> {
    if (stripe === null) throw new AppError("conflict", { message: "errors:billing.billing_off" });
    const promotion = await callStripe(() =>
      stripe.promotionCodes.create({
        promotion: { type: "coupon", coupon: couponId },
        code,
        ...(body.maxUses == null ? {} : { max_redemptions: body.maxUses }),
        ...(body.expiresAt == null ? {} : { expires_at: Math.floor(body.expiresAt / 1000) }),
      }),
    );
    return promotion.id;
  }

  return {
    async products(): Promise<AdminProduct[]> {
      const rows = await db
        .selectFrom("product")
        .selectAll()
        .orderBy("created_at", "desc")
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(presentAdminProduct);
    },

    async createProduct(actor: Actor, body: CreateProductBody): Promise<AdminProduct> {
      const row = {
        id: randomUUID(),
        name: body.name,
        currency: body.currency,
        amount: body.amount,
        interval: body.interval,
        is_b2b: body.isB2B ? 1 : 0,
        provider_price_id: await checkPrice(body),
        archived_at: null,
        created_at: clock(),
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("product").values(row).execute();
        await audit(
          trx,
          actor,
          { action: "product.create", subjectKind: "product", subjectId: row.id, detail: body },
          row.created_at,
        );
      });
      return presentAdminProduct(row);
    },

    /** A product is never deleted: subscriptions keep pointing at it. */
    async archiveProduct(actor: Actor, id: string): Promise<AdminProduct> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
        if (row === undefined) throw new AppError("not_found");
        if (row.archived_at !== null) return presentAdminProduct(row);
        await trx.updateTable("product").set({ archived_at: now }).where("id", "=", id).execute();
        await audit(trx, actor, { action: "product.archive", subjectKind: "product", subjectId: id }, now);
        return presentAdminProduct({ ...row, archived_at: now });
      });
    },

    async codes(): Promise<BillingCode[]> {
      const rows = await db
        .selectFrom("billing_code")
        .selectAll()
        .orderBy("created_at", "desc")
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(presentCode);
    },

    async createCodes(actor: Actor, body: CreateCodeBody): Promise<BillingCode[]> {
      if (body.kind === "discount" && stripe === null) {
        throw new AppError("conflict", { message: "errors:billing.billing_off" });
      }
      const now = clock();
      // One coupon for the batch; each code is its own promotion code at Stripe.
      const coupon =
        body.kind === "discount" && stripe !== null
          ? await callStripe(() =>
              stripe.coupons.create({
                duration: "once",
                ...(body.percentOff != null
                  ? { percent_off: body.percentOff }
                  : { amount_off: body.amountOff ?? 0, currency: body.currency ?? "cad" }),
              }),
            )
          : null;
      const rows: CodeRow[] = [];
      for (let index = 0; index < body.count; index++) {
        const code = generateCode();
        rows.push({
          id: randomUUID(),
          kind: body.kind,
          code,
          percent_off: body.kind === "discount" ? (body.percentOff ?? null) : null,
          amount_off: body.kind === "discount" ? (body.amountOff ?? null) : null,
          currency: body.kind === "discount" && body.amountOff != null ? (body.currency ?? null) : null,
          period_days: body.kind === "discount" ? null : (body.periodDays ?? null),
          expires_at: body.expiresAt ?? null,
          // A unique subscription code is single use by definition.
          max_uses: body.kind === "subscription" ? 1 : (body.maxUses ?? null),
          uses: 0,
          provider_promotion_id: coupon === null ? null : await promotionFor(body, code, coupon.id),
          created_by: actor.userId,
          archived_at: null,
          created_at: now,
        });
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("billing_code").values(rows).execute();
        await audit(
          trx,
          actor,
          {
            action: "code.create",
            subjectKind: "billing_code",
            subjectId: null,
            detail: { ...body, ids: rows.map((row) => row.id) },
          },
          now,
        );
      });
      return rows.map(presentCode);
    },

    async archiveCode(actor: Actor, id: string): Promise<BillingCode> {
      const row = await db.selectFrom("billing_code").selectAll().where("id", "=", id).executeTakeFirst();
      if (row === undefined) throw new AppError("not_found");
      if (row.archived_at !== null) return presentCode(row);
      const promotionId = row.provider_promotion_id;
      if (promotionId !== null && stripe !== null) {
        await callStripe(() => stripe.promotionCodes.update(promotionId, { active: false }));
      }
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("billing_code").set({ archived_at: now }).where("id", "=", id).execute();
        await audit(trx, actor, { action: "code.archive", subjectKind: "billing_code", subjectId: id }, now);
      });
      return presentCode({ ...row, archived_at: now });
    },

    async charities(): Promise<AdminCharity[]> {
      const rows = await db
        .selectFrom("charity")
        .selectAll("charity")
        .select((eb) =>
          eb
            .selectFrom("donation_choice")
            .select(eb.fn.countAll<number | string>().as("chosen"))
            .whereRef("donation_choice.charity_id", "=", "charity.id")
            .as("chosen_by"),
        )
        .orderBy("full_name")
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        companyId: row.id,
        fullName: row.full_name,
        archived: row.archived_at !== null,
        createdAt: row.created_at,
        // PostgreSQL answers a count as a bigint string.
        chosenBy: Number(row.chosen_by ?? 0),
      }));
    },

    async createCharity(actor: Actor, fullName: string): Promise<AdminCharity> {
      const row = { id: randomUUID(), full_name: fullName, archived_at: null, created_at: clock() };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("charity").values(row).execute();
        await audit(
          trx,
          actor,
          { action: "charity.create", subjectKind: "charity", subjectId: row.id, detail: { fullName } },
          row.created_at,
        );
      });
      return { companyId: row.id, fullName, archived: false, createdAt: row.created_at, chosenBy: 0 };
    },

    async archiveCharity(actor: Actor, id: string): Promise<AdminCharity> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("charity").selectAll().where("id", "=", id).executeTakeFirst();
        if (row === undefined) throw new AppError("not_found");
        if (row.archived_at === null) {
          await trx.updateTable("charity").set({ archived_at: now }).where("id", "=", id).execute();
          await audit(trx, actor, { action: "charity.archive", subjectKind: "charity", subjectId: id }, now);
        }
        const chosen = await trx
          .selectFrom("donation_choice")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("charity_id", "=", id)
          .executeTakeFirstOrThrow();
        return {
          companyId: row.id,
          fullName: row.full_name,
          archived: true,
          createdAt: row.created_at,
          chosenBy: Number(chosen.count),
        };
      });
    },
  };
}
