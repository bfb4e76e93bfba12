import { randomUUID } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { admin, genericOAuth, twoFactor } from "better-auth/plugins";
import { PASSWORD_LIMITS } from "../../domain/limits.ts";
import { type PasswordContext, passwordRefusal } from "../../domain/passwordStrength.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { type FileChanges, openFileChanges } from "../file/changes.ts";
import { ensureOwnPerson } from "../modules/persons/index.ts";
import { type IdentityMailer, identityMails } from "./auth-mail.ts";
import { authDatabase, USER_FIELDS } from "./auth-schema.ts";
import { resolveAuthSecret } from "./secret.ts";
import { sessionCookieName } from "./session-cookie.ts";
import { createSessionIdentity, databaseSessionLoader, type SessionIdentity } from "./session-identity.ts";
import { createSignInEvents, type SignInEvents } from "./sign-in-events.ts";
import { createSpentLinks, type SpentLinks } from "./spent-links.ts";
import { createTrustedDevices } from "./trusted-devices.ts";

/** The LISTEN/NOTIFY channel on which ended sessions and changed accounts are told to every process. */
const SESSIONS_CHANNEL = "kinfile_sessions";

/** Verification and reset links live an hour: long enough to reach a mailbox, short if it leaks. */
const LINK_LIFETIME_SECONDS = 60 * 60;

export type AuthLogger = {
  warn(message: string): void;
  error(object: object, message: string): void;
};

export type CreateAuthOptions = {
  config: Config;
  database: Database;
  mail: IdentityMailer;
  logger: AuthLogger;
  /** Where the "me" person made at sign-up is published; by default a new bus on the database. */
  changes?: FileChanges;
};

/** The password a better-auth endpoint is about to store, if any. */
function passwordBeingSet(path: string, body: Record<string, unknown> | undefined): unknown {
  if (path === "/sign-up/email") return body?.password;
  if (path === "/reset-password" || path === "/change-password") return body?.newPassword;
  return undefined;
}

/**
 * What the password rule knows of the account: the sign-up's email and name, or the signed-in
 * account's on a change (the app's checklist knows them too). A reset's link names the account to
 * neither, so neither checks them there.
 */
async function passwordContext(
  ctx: Parameters<typeof getSessionFromCtx>[0],
  body: Record<string, unknown> | undefined,
): Promise<PasswordContext> {
  if (ctx.path === "/change-password") {
    const session = await getSessionFromCtx(ctx);
    return session === null ? {} : { email: session.user.email, name: session.user.name };
  }
  return {
    ...(typeof body?.email === "string" ? { email: body.email } : {}),
    ...(typeof body?.name === "string" ? { name: body.name } : {}),
  };
}

/** The client address the Fastify mount passes on (request.ip), for events and the new-device notice. */
function requestIp(request: Request | undefined): string | null {
  return request?.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

function buildBetterAuth(
  options: CreateAuthOptions & {
    secret: string;
    sessions: SessionIdentity;
    events: SignInEvents;
    spentLinks: SpentLinks;
    changes: FileChanges;
  },
) {
  const { config, database, secret, sessions, events, logger, spentLinks } = options;
  const mails = identityMails(options.mail, config.publicUrl);
  const secure = new URL(config.publicUrl).protocol === "https:";
  const oidc = config.oidc;

  return betterAuth({
    appName: "Kinfile",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: authDatabase(database),
    logger: {
      level: "warn",
      log: (level, message) => {
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else logger.warn(`better-auth: ${message}`);
      },
    },
    // Refusals (wrong password, expired link) are answers, not faults: only unexpected errors are logged.
    onAPIError: {
      // A provider callback that fails outside any sign-in (forged, replayed) lands on the app's
      // callback page, which explains it, instead of better-auth's bare error page.
      errorURL: `${config.publicUrl}/implicit/callback`,
      onError: (error) => {
        if (isAPIError(error) && error.status !== "INTERNAL_SERVER_ERROR") return;
        logger.error({ err: error, source: "better-auth" }, "identity request failed");
      },
    },
    telemetry: { enabled: false },
    // @fastify/rate-limit guards the abuse-prone routes (server/auth/routes.ts) with our error format.
    rateLimit: { enabled: false },
    user: {
      additionalFields: USER_FIELDS,
      // A verified address changes only after its owner confirms from the current address; the new
      // address is then verified in turn (better-auth sends that second link through emailVerification).
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mails.changeEmail(user, url, newEmail, LINK_LIFETIME_SECONDS / 60);
        },
      },
    },
    session: {
      expiresIn: config.sessionTtlSeconds,
      updateAge: Math.floor(config.sessionTtlSeconds / 4),
      // better-auth refuses some reads (the session list) on sessions older than freshAge; the
      // operations that need a recent sign-in check it themselves (account deletion).
      freshAge: config.sessionTtlSeconds,
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    emailAndPassword: {
      enabled: true,
      // Also the anti-enumeration switch: an existing email answers like a new sign-up.
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_LIMITS.minLength,
      maxPasswordLength: PASSWORD_LIMITS.maxLength,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mails.resetPassword(user, url, LINK_LIFETIME_SECONDS / 60);
      },
      // The answer to a sign-up with a taken email is built from these; they must match a real new
      // user's fields (admin and two-factor plugin columns included) for the two to look the same.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        ...additionalFields,
        id,
      }),
      onExistingUserSignUp: async ({ user }) => {
        await mails.existingAccount(user);
      },
      onPasswordReset: async ({ user }, request) => {
        await sessions.forgetUser(user.id);
        await events.record({
          kind: "password_reset",
          userId: user.id,
          ip: requestIp(request),
          userAgent: request?.headers.get("user-agent") ?? null,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: LINK_LIFETIME_SECONDS,
      // The link may open in another browser (a webmail, a phone): it proves the address, then the
      // person signs in with their password, and with their second factor once they have one.
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await mails.verifyEmail(user, url, LINK_LIFETIME_SECONDS / 60);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A verification link works once: opened again, it is the invalid token it now is.
        if (ctx.path === "/verify-email" && typeof ctx.query?.token === "string") {
          if (!(await spentLinks.spend(ctx.query.token, secret))) {
            return { context: { query: { ...ctx.query, token: "spent" } } };
          }
          return;
        }
        const body = ctx.body as Record<string, unknown> | undefined;
        const password = passwordBeingSet(ctx.path, body);
        if (typeof password !== "string") return;
        // The rule the app's meter and checklist show (domain/passwordStrength.ts); its lengths are
        // better-auth's own checks too, which word them the same way (auth-errors.ts).
        if (passwordRefusal(password, await passwordContext(ctx, body)) === "password_too_weak") {
          throw new APIError("BAD_REQUEST", {
            message: "Password is too easy to guess",
            code: "PASSWORD_TOO_WEAK",
          });
        }
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            await sessions.forgetSession(session);
          },
        },
      },
      user: {
        create: {
          // Every account starts with its own "me" person, named after the account.
          after: async (user) => {
            try {
              await ensureOwnPerson(database.db, user.id, options.changes);
            } catch (error) {
              // GET /api/pn/person creates it later; the sign-up itself has succeeded.
              logger.error({ err: error }, "could not create the account's own person record");
            }
          },
        },
        update: {
          after: async (user, context) => {
            // A ban, a role or language change: the cached actor must be read again.
            await sessions.forgetUser(user.id);
            const path = context?.path;
            const enabled = path === "/two-factor/verify-totp" || path === "/two-factor/enable";
            const disabled = path === "/two-factor/disable";
            if (
              (enabled && user.twoFactorEnabled === true) ||
              (disabled && user.twoFactorEnabled === false)
            ) {
              await events.record({
                kind: enabled ? "two_factor_enabled" : "two_factor_disabled",
                userId: user.id,
                ip: requestIp(context?.request),
                userAgent: context?.request?.headers.get("user-agent") ?? null,
              });
            }
          },
        },
        delete: {
          after: async (user) => {
            await sessions.forgetUser(user.id);
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: "Kinfile" }),
      passkey({ rpID: new URL(config.publicUrl).hostname, rpName: "Kinfile", origin: config.publicUrl }),
      // Platform admins hold the role "admin"; a ban is how an account is disabled.
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      ...(oidc === undefined
        ? []
        : [
            genericOAuth({
              config: [
                {
                  providerId: "oidc",
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "profile", "email"],
                  pkce: true,
                  // Like a password account: an address the provider has not verified opens no
                  // session until its owner follows the verification link we send.
                  requireEmailVerification: true,
                  postLogoutRedirectURI: `${config.publicUrl}/login`,
                },
              ],
            }),
          ]),
    ],
  });
}

/**
 * Identity for one app: better-auth on our Kysely instance (mounted by server/auth/routes.ts), the
 * fast session lookup behind `request.actor`, and the security log. The secret is AUTH_SECRET or
 * the one kept in DATA_DIR.
 */
export function createAuth(options: CreateAuthOptions) {
  const { config, database } = options;
  const secret = resolveAuthSecret(config, options.logger);
  const secureCookies = new URL(config.publicUrl).protocol === "https:";
  const mails = identityMails(options.mail, config.publicUrl);
  const sessions = createSessionIdentity({
    secret,
    cookieName: sessionCookieName(secureCookies),
    billing: config.billing.mode,
    load: databaseSessionLoader(database),
    // The channel the app servers and the CLI share; buildApp listens on it (sessions.listen).
    ...(database.channel === undefined ? {} : { channel: database.channel(SESSIONS_CHANNEL) }),
    onPublishError: (error) =>
      options.logger.error({ err: error }, "the other app servers could not be told of a revoked session"),
  });
  const events = createSignInEvents({ database, secret, mails });
  const spentLinks = createSpentLinks({ db: database.db });
  const trustedDevices = createTrustedDevices({ secret, publicUrl: config.publicUrl, secure: secureCookies });
  // The app's bus (buildApp subscribes the search index to it), which the CLI's commands publish on too.
  const changes = options.changes ?? openFileChanges(database);
  const auth = buildBetterAuth({ ...options, secret, sessions, events, spentLinks, changes });
  return {
    auth,
    sessions,
    events,
    mails,
    secret,
    secureCookies,
    config,
    database,
    spentLinks,
    trustedDevices,
    changes,
  };
}

export type AuthServices = ReturnType<typeof createAuth>;
