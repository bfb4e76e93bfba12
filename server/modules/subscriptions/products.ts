import type { Kysely, Selectable } from "kysely";
import { PAYMENT_CURRENCIES, type PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import type { AdminProduct, SubscriptionProduct } from "../../../domain/schemas/subscription.ts";
import type { DB, ProductTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

export type ProductRow = Selectable<ProductTable>;

function presentProduct(row: ProductRow): SubscriptionProduct {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency as PaymentCurrency,
    amount: row.amount,
    interval: row.interval,
    isB2B: row.is_b2b === 1,
    integrationData: { providerProductId: row.provider_price_id },
  };
}

export function presentAdminProduct(row: ProductRow): AdminProduct {
  return { ...presentProduct(row), archived: row.archived_at !== null, createdAt: row.created_at };
}

/** The plans on sale in one currency, monthly before yearly, cheapest first. */
export async function productsOnSale(
  db: Kysely<DB>,
  currency: PaymentCurrency,
  isB2B: boolean,
): Promise<SubscriptionProduct[]> {
  const rows = await db
    .selectFrom("product")
    .selectAll()
    .where("currency", "=", currency)
    .where("is_b2b", "=", isB2B ? 1 : 0)
    .where("archived_at", "is", null)
    .orderBy("interval")
    .orderBy("amount")
    .orderBy("id")
    .execute();
  return rows.map(presentProduct);
}

/** The currencies with at least one plan on sale, in the catalog's order: none says nothing is for sale. */
export async function currenciesOnSale(db: Kysely<DB>, isB2B: boolean): Promise<PaymentCurrency[]> {
  const rows = await db
    .selectFrom("product")
    .select("currency")
    .distinct()
    .where("is_b2b", "=", isB2B ? 1 : 0)
    .where("archived_at", "is", null)
    .execute();
  const selling = new Set(rows.map((row) => row.currency));
  return PAYMENT_CURRENCIES.filter((currency) => selling.has(currency));
}

/** A product that may be bought now: on sale, and priced at the provider in stripe mode. */
export async function productOnSale(db: Kysely<DB>, id: string): Promise<ProductRow> {
  const row = await db
    .selectFrom("product")
    .selectAll()
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (row === undefined || row.provider_price_id === null) {
    throw new AppError("not_found", { message: "errors:billing.product_unavailable" });
  }
  return row;
}
