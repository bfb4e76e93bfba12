import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors/app-error.ts";
import type { AuthServices } from "./better-auth.ts";
import type { ResolvedSession } from "./session-identity.ts";

const INVALID_PASSWORD = "errors:auth.invalid_password";

/** The hash of the account's own password; null for an account without one (external sign-in or passkeys only). */
export async function passwordHashOf(db: Kysely<DB>, userId: string): Promise<string | null> {
  const credential = await db
    .selectFrom("account")
    .select(["password"])
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return credential?.password || null;
}

/**
 * Proves that the person at the keyboard holds the session's account, before a step that hands out
 * secrets or cannot be undone: the account's password, or, for an account without one, a session
 * opened within `freshForMs` of `now`. A wrong or missing password: 400 naming the `password`
 * field; a session too old: 403 `session_not_fresh`.
 */
export async function provePasswordOrFreshSession(
  services: Pick<AuthServices, "auth" | "database">,
  session: Pick<ResolvedSession, "userId" | "createdAt">,
  password: string | undefined,
  { now, freshForMs }: { now: number; freshForMs: number },
): Promise<void> {
  const hash = await passwordHashOf(services.database.db, session.userId);
  if (hash !== null) {
    const context = await services.auth.$context;
    const valid =
      password !== undefined && password !== "" && (await context.password.verify({ hash, password }));
    if (!valid) {
      throw new AppError("validation_failed", {
        message: INVALID_PASSWORD,
        fields: { password: INVALID_PASSWORD },
      });
    }
  } else if (session.createdAt < now - freshForMs) {
    throw new AppError("forbidden", { message: "errors:auth.session_not_fresh" });
  }
}
