import { DELETE_CONFIRMATION_WORDS, type SaveAccountBody } from "../../../domain/api/account.types.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../domain/catalog/languages.ts";
import { accountTheme, themeAccountFields } from "../../../domain/catalog/themes.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import type { Actor } from "../../auth/access.ts";
import { authBoolean, authDate } from "../../auth/auth-values.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import { provePasswordOrFreshSession } from "../../auth/password-proof.ts";
import { specRoles } from "../../auth/roles.ts";
import { sessionCookieName, signSessionToken } from "../../auth/session-cookie.ts";
import type { ResolvedSession } from "../../auth/session-identity.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountEraser } from "./account-deletion.ts";

/** An account without a password proves itself by having signed in this recently. */
const FRESH_SESSION_MS = 10 * 60 * 1000;

export function createAccountService(services: AuthServices, eraser: AccountEraser) {
  const { auth, database, sessions, config, secret } = services;
  const { db } = database;

  async function account(actor: Actor): Promise<Account> {
    const [user, accounts] = await Promise.all([
      db.selectFrom("user").selectAll().where("id", "=", actor.userId).executeTakeFirst(),
      db
        .selectFrom("account")
        .select(["providerId", "password"])
        .where("userId", "=", actor.userId)
        .execute(),
    ]);
    if (user === undefined) throw new AppError("unauthenticated");
    return {
      id: user.id,
      name: user.name,
      login: user.email,
      email: user.email,
      emailVerified: authBoolean(user.emailVerified),
      lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE,
      ...themeAccountFields(accountTheme(user.themeColor, user.themeMode)),
      roles: specRoles(actor.roles),
      showSplashScreen: user.showSplashScreen === null || authBoolean(user.showSplashScreen),
      showMobileSplashScreen:
        user.showMobileSplashScreen === null || authBoolean(user.showMobileSplashScreen),
      twoFactorEnabled: authBoolean(user.twoFactorEnabled),
      hasPassword: accounts.some((entry) => entry.providerId === "credential" && entry.password !== null),
      providers: [...new Set(accounts.map((entry) => entry.providerId))].sort(),
      createdAt: authDate(user.createdAt) ?? 0,
    };
  }

  /** Through better-auth, so its hooks run: the cached actor (language, roles) is read again. */
  async function update(actor: Actor, changes: Record<string, string | boolean>): Promise<Account> {
    if (Object.keys(changes).length > 0) {
      const { internalAdapter } = await auth.$context;
      await internalAdapter.updateUser(actor.userId, changes);
    }
    // The actor's language may just have changed; the account answers with the new one.
    return account({ ...actor, language: isLanguage(changes.lang) ? changes.lang : actor.language });
  }

  async function save(actor: Actor, body: SaveAccountBody): Promise<Account> {
    const changes: Record<string, string> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.lang !== undefined) changes.lang = body.lang;
    if (body.themeColor !== undefined) changes.themeColor = body.themeColor;
    if (body.themeMode !== undefined) changes.themeMode = body.themeMode;
    return update(actor, changes);
  }

  /**
   * Moves the session's expiry a full lifetime ahead, after checking it is still valid in the
   * database (not only in the cache), and renews the cookie to match.
   */
  async function extendSession(session: ResolvedSession, now: number) {
    const expiresAt = now + config.sessionTtlSeconds * 1000;
    const { internalAdapter } = await auth.$context;
    await internalAdapter.updateSession(session.token, { expiresAt: new Date(expiresAt) });
    sessions.forgetToken(session.token);
    const attributes = [
      `${sessionCookieName(services.secureCookies)}=${signSessionToken(session.token, secret)}`,
      `Max-Age=${config.sessionTtlSeconds}`,
      "Path=/",
      "HttpOnly",
      ...(services.secureCookies ? ["Secure"] : []),
      "SameSite=Lax",
    ];
    return { expiresAt, cookie: attributes.join("; ") };
  }

  /** The provider's logout address for an account signed in through OIDC, else null. */
  async function signOutUrl(actor: Actor): Promise<string | null> {
    if (config.oidc === undefined) return null;
    const linked = await db
      .selectFrom("account")
      .select(["idToken"])
      .where("userId", "=", actor.userId)
      .where("providerId", "=", "oidc")
      .orderBy("updatedAt", "desc")
      .executeTakeFirst();
    if (linked === undefined) return null;
    const { socialProviders } = await auth.$context;
    const provider = socialProviders.find((entry) => entry.id === "oidc");
    const url = await provider?.createEndSessionURL?.({
      ...(linked.idToken ? { idToken: linked.idToken } : {}),
      postLogoutRedirectURI: `${config.publicUrl}/login`,
    });
    return url ? url.toString() : null;
  }

  /**
   * Deletes the account and everything it owns, in one transaction (AccountEraser). Proof: the
   * password, or for an account without one, a sign-in within the last 10 minutes; and the
   * confirmation word either way.
   */
  async function deleteAccount(
    session: ResolvedSession,
    body: { password?: string | undefined; confirmation: string },
  ) {
    if (!(DELETE_CONFIRMATION_WORDS as readonly string[]).includes(body.confirmation.trim())) {
      throw new AppError("validation_failed", {
        fields: { confirmation: "errors:auth.confirmation_mismatch" },
      });
    }
    const userId = session.userId;
    await provePasswordOrFreshSession(services, session, body.password, {
      now: Date.now(),
      freshForMs: FRESH_SESSION_MS,
    });

    await services.changes.transaction(db, (trx) => eraser.erase(userId, trx));
    await sessions.forgetUser(userId);
    const cleared = [
      `${sessionCookieName(services.secureCookies)}=`,
      "Max-Age=0",
      "Path=/",
      "HttpOnly",
      ...(services.secureCookies ? ["Secure"] : []),
      "SameSite=Lax",
    ];
    return { cookie: cleared.join("; ") };
  }

  return { account, save, update, extendSession, signOutUrl, deleteAccount };
}
