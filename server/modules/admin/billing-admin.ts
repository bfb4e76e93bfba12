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
import {
  type CodeRow,
  callStripe,
  catalogRepository,
  generateCode,
  presentAdminProduct,
  presentCode,
} from "../subscriptions/index.ts";
import { audit } from "./audit.ts";

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
  const catalog = catalogRepository(db);

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
      return (await catalog.products()).map(presentAdminProduct);
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
        await catalogRepository(trx).insertProduct(row);
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
        const products = catalogRepository(trx);
        const row = await products.product(id);
        if (row === undefined) throw new AppError("not_found");
        if (row.archived_at !== null) return presentAdminProduct(row);
        await products.archiveProduct(id, now);
        await audit(trx, actor, { action: "product.archive", subjectKind: "product", subjectId: id }, now);
        return presentAdminProduct({ ...row, archived_at: now });
      });
    },

    async codes(): Promise<BillingCode[]> {
      return (await catalog.codes()).map(presentCode);
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
        await catalogRepository(trx).insertCodes(rows);
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
      const row = await catalog.code(id);
      if (row === undefined) throw new AppError("not_found");
      if (row.archived_at !== null) return presentCode(row);
      const promotionId = row.provider_promotion_id;
      if (promotionId !== null && stripe !== null) {
        await callStripe(() => stripe.promotionCodes.update(promotionId, { active: false }));
      }
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await catalogRepository(trx).archiveCode(id, now);
        await audit(trx, actor, { action: "code.archive", subjectKind: "billing_code", subjectId: id }, now);
      });
      return presentCode({ ...row, archived_at: now });
    },

    async charities(): Promise<AdminCharity[]> {
      const rows = await catalog.charities();
      return rows.map((row) => ({
        companyId: row.id,
        fullName: row.full_name,
        archived: row.archived_at !== null,
        createdAt: row.created_at,
        chosenBy: row.chosen_by,
      }));
    },

    async createCharity(actor: Actor, fullName: string): Promise<AdminCharity> {
      const row = { id: randomUUID(), full_name: fullName, archived_at: null, created_at: clock() };
      await db.transaction().execute(async (trx) => {
        await catalogRepository(trx).insertCharity(row);
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
        const charities = catalogRepository(trx);
        const row = await charities.charity(id);
        if (row === undefined) throw new AppError("not_found");
        if (row.archived_at === null) {
          await charities.archiveCharity(id, now);
          await audit(trx, actor, { action: "charity.archive", subjectKind: "charity", subjectId: id }, now);
        }
        return {
          companyId: row.id,
          fullName: row.full_name,
          archived: true,
          createdAt: row.created_at,
          chosenBy: await charities.choosers(id),
        };
      });
    },
  };
}
