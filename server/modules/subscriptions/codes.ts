import { randomInt, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { ActivationResult, BillingCode, CodeKind } from "../../../domain/schemas/subscription.ts";
import type { BillingCodeTable, DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";

/**
 * Codes made by admins: discounts (off the next subscription), eVouchers and unique subscription
 * codes (a free period, in both billing modes). A code is 20 symbols of Crockford's base 32 (100
 * bits: never guessed), shown in groups of five; typed in any case, with or without the dashes.
 */

export type CodeRow = Selectable<BillingCodeTable>;

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 20;

export function generateCode(): string {
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** How a code is stored and looked up: upper case, separators and spaces dropped. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** "ABCDE-FGHIJ-KLMNO-PQRST", as admins hand it out. */
export function displayCode(code: string): string {
  return code.match(/.{1,5}/g)?.join("-") ?? code;
}

export function presentCode(row: CodeRow): BillingCode {
  return {
    id: row.id,
    kind: row.kind,
    code: displayCode(row.code),
    percentOff: row.percent_off,
    amountOff: row.amount_off,
    currency: row.currency as BillingCode["currency"],
    periodDays: row.period_days,
    expiresAt: row.expires_at,
    maxUses: row.max_uses,
    uses: row.uses,
    archived: row.archived_at !== null,
    createdAt: row.created_at,
  };
}

/** Failed activations allowed per account and per address in a window, before 429. */
export const CODE_ATTEMPTS = { max: 10, windowMs: 15 * 60 * 1000 };

/**
 * Refuses (429) an account or address with too many failed activations in the window. Counted in
 * the database, so every server sees the same count.
 */
export async function refuseGuessing(db: Kysely<DB>, keys: readonly string[], now: number): Promise<void> {
  const since = now - CODE_ATTEMPTS.windowMs;
  for (const key of keys) {
    const attempts = await db
      .selectFrom("code_attempt")
      .select(["created_at"])
      .where("key", "=", key)
      .where("created_at", ">", since)
      .orderBy("created_at")
      .execute();
    if (attempts.length >= CODE_ATTEMPTS.max) {
      const oldest = attempts[0]?.created_at ?? now;
      const minutes = Math.max(1, Math.ceil((oldest + CODE_ATTEMPTS.windowMs - now) / 60_000));
      throw new AppError("too_many_requests", {
        message: "errors:billing.too_many_codes",
        params: { count: minutes },
        details: { retryAfterSeconds: minutes * 60 },
      });
    }
  }
}

export async function recordFailedAttempt(
  db: Kysely<DB>,
  keys: readonly string[],
  now: number,
): Promise<void> {
  await db
    .insertInto("code_attempt")
    .values(keys.map((key) => ({ id: randomUUID(), key, created_at: now })))
    .execute();
  // Old attempts count for nothing: keep the table small.
  await db
    .deleteFrom("code_attempt")
    .where("created_at", "<", now - CODE_ATTEMPTS.windowMs)
    .execute();
}

/**
 * The code of that text if this account may use it now: not archived, not expired, uses left,
 * and not used by this account before. Answers undefined otherwise, whatever the reason, so a
 * caller learns nothing about codes it may not use.
 */
export async function usableCode(
  db: Kysely<DB>,
  typed: string,
  userId: string,
  now: number,
  kinds: readonly CodeKind[],
): Promise<CodeRow | undefined> {
  const code = normalizeCode(typed);
  if (code.length !== CODE_LENGTH) return undefined;
  const row = await db
    .selectFrom("billing_code")
    .selectAll()
    .where("code", "=", code)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (row === undefined || !kinds.includes(row.kind)) return undefined;
  if (row.expires_at !== null && row.expires_at <= now) return undefined;
  if (row.max_uses !== null && row.uses >= row.max_uses) return undefined;
  const used = await db
    .selectFrom("code_redemption")
    .select("id")
    .where("code_id", "=", row.id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return used === undefined ? row : undefined;
}

/**
 * Takes one use of a code for an account, inside the caller's transaction: the conditional
 * update keeps the use limit under concurrent activations, the unique (code, account) index keeps
 * one use per account. False when either was already spent.
 */
export async function redeem(
  trx: Kysely<DB>,
  code: CodeRow,
  userId: string,
  now: number,
  pending: boolean,
): Promise<boolean> {
  const inserted = await trx
    .insertInto("code_redemption")
    .values({
      id: randomUUID(),
      code_id: code.id,
      user_id: userId,
      pending: pending ? 1 : 0,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(["code_id", "user_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted === undefined) return false;
  const taken = await trx
    .updateTable("billing_code")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", code.id)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

export type { ActivationResult };
