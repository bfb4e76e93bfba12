import { createHash } from "node:crypto";
import { jwtVerify } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";

/**
 * better-auth's email verification links (sign-up and address change) are signed tokens that it
 * accepts until they expire, however often they are opened. Kinfile's signed links work once: the
 * first use of a genuine token records its hash, and any later one is refused. Only tokens whose
 * signature holds are recorded, so forged ones cannot fill the table; rows go once expired.
 */
export function createSpentLinks(options: { db: Kysely<DB>; clock?: () => number }) {
  const { db } = options;
  const clock = options.clock ?? Date.now;

  async function spendOnce(token: string, expiresAt: number): Promise<boolean> {
    await db.deleteFrom("spent_link").where("expires_at", "<", clock()).execute();
    try {
      await db
        .insertInto("spent_link")
        .values({ token_hash: createHash("sha256").update(token).digest("hex"), expires_at: expiresAt })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  return {
    /**
     * Records the use of a verification token signed with `secret`. False when it was used before;
     * true the first time, and for a token that is not genuine (better-auth refuses that itself).
     */
    async spend(token: string, secret: string): Promise<boolean> {
      const expiresAt = await genuineExpiry(token, secret);
      return expiresAt === null ? true : spendOnce(token, expiresAt);
    },

    /** Records the use of a link the caller has checked; false when it was used before. */
    spendOnce,
  };
}

export type SpentLinks = ReturnType<typeof createSpentLinks>;

/** The expiry (epoch ms) of a token better-auth signed (HS256 with its secret), or null. */
async function genuineExpiry(token: string, secret: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
