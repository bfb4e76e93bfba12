import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.ts";
import type { AuthServices } from "./better-auth.ts";
import { passwordHashOf, provePasswordOrFreshSession } from "./password-proof.ts";
import type { ResolvedSession } from "./session-identity.ts";

/** How long a confirmed password opens secret-bearing actions on its session. */
export const PASSWORD_CONFIRMATION_MS = 5 * 60 * 1000;

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The account password asked again before what hands out secrets (an export with them, a binder
 * with them): `confirm` checks it and remembers, on the session, for five minutes, that it was
 * just given; `require` refuses (403 password_not_confirmed) a session that has not. The
 * confirmation is kept in the database (as the SHA-256 of the session token), so every app server
 * sees it, and it dies with the session's account. An account without a password (external sign-in
 * or passkeys only) proves itself by a session opened within the same five minutes.
 */
export function createFreshPassword(services: AuthServices, clock: () => number = Date.now) {
  const { sessions, database } = services;
  const { db } = database;

  async function sessionOf(request: FastifyRequest): Promise<ResolvedSession> {
    const session = await sessions.sessionOf(request, { fresh: true });
    if (session === null) throw new AppError("unauthenticated");
    return session;
  }

  return {
    /**
     * Checks the password of the session's account; right, the session counts as confirmed until
     * the time answered (epoch ms). Wrong or missing: 400 naming the `password` field.
     */
    async confirm(request: FastifyRequest, password: string): Promise<{ confirmedUntil: number }> {
      const session = await sessionOf(request);
      const now = clock();
      await provePasswordOrFreshSession(services, session, password, {
        now,
        freshForMs: PASSWORD_CONFIRMATION_MS,
      });
      const confirmedUntil = now + PASSWORD_CONFIRMATION_MS;
      const tokenHash = hashOf(session.token);
      await db.transaction().execute(async (trx) => {
        // Confirmations past their time are of no use to anyone: each new one clears them.
        await trx.deleteFrom("password_confirmation").where("expires_at", "<", now).execute();
        await trx.deleteFrom("password_confirmation").where("token_hash", "=", tokenHash).execute();
        await trx
          .insertInto("password_confirmation")
          .values({ token_hash: tokenHash, user_id: session.userId, expires_at: confirmedUntil })
          .execute();
      });
      return { confirmedUntil };
    },

    /** Refuses (403 password_not_confirmed) unless this session confirmed its password in the last minutes. */
    async require(request: FastifyRequest): Promise<void> {
      const session = await sessionOf(request);
      const now = clock();
      const row = await db
        .selectFrom("password_confirmation")
        .select(["expires_at", "user_id"])
        .where("token_hash", "=", hashOf(session.token))
        .executeTakeFirst();
      if (row !== undefined && row.user_id === session.userId && Number(row.expires_at) > now) return;
      const justSignedIn = session.createdAt >= now - PASSWORD_CONFIRMATION_MS;
      if (justSignedIn && (await passwordHashOf(db, session.userId)) === null) return;
      throw new AppError("password_not_confirmed");
    },
  };
}

export type FreshPassword = ReturnType<typeof createFreshPassword>;
