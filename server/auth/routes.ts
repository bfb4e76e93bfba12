import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { authApi } from "../../domain/api/auth.ts";
import { authTypes } from "../../domain/api/auth.types.ts";
import type { Operation, OperationTypes } from "../../domain/api/contract.ts";
import { AppError } from "../errors/app-error.ts";
import { assertNoNulCharacters } from "../http/nul-characters.ts";
import { registerOperation } from "../http/operations.ts";
import { countRequest } from "../http/rate-limit-store.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";
import { requestLanguage } from "../i18n/request-language.ts";
import { authErrorBody } from "./auth-errors.ts";
import type { AuthServices } from "./better-auth.ts";
import { assertIdentityLimits } from "./identity-limits.ts";
import { sessionCookieName, verifySessionCookie } from "./session-cookie.ts";

const PREFIX = "/api/auth";

type AuthOperation = keyof typeof authApi;

/** Routes an attacker would hammer: each is limited per client address. */
const LIMITED = new Set<AuthOperation>([
  "signInEmail",
  "signUpEmail",
  "requestPasswordReset",
  "sendVerificationEmail",
  "verifyTotp",
  "verifyBackupCode",
  "verifyOtp",
]);

/** Also limited per email address, so that many addresses cannot share the guessing of one password. */
const LIMITED_PER_EMAIL = new Set<AuthOperation>(["signInEmail", "requestPasswordReset"]);

/** Whose session an event is about must be read before the call that ends or changes it. */
const NEEDS_SESSION_BEFORE = new Set(["/sign-out", "/passkey/verify-registration"]);

/** The fields of a raw JSON or form body, as better-auth will read them; undefined for anything else. */
function fieldsOf(request: FastifyRequest): unknown {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  const type = request.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(body.toString("utf8")));
  }
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function emailOf(request: FastifyRequest): string | undefined {
  const email = (fieldsOf(request) as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) headers.append(name, one);
  }
  // better-auth reads the client address from here: sessions record it, events and the new-device
  // notice use it. Fastify's request.ip already honours (or ignores) proxies as configured; a
  // client-sent X-Forwarded-For is replaced, never trusted.
  headers.set("x-forwarded-for", request.ip);
  const method = request.method;
  const body =
    method === "GET" || method === "HEAD" || !Buffer.isBuffer(request.body) ? undefined : request.body;
  return new Request(new URL(request.url, publicUrl), {
    method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/** The session token a response sets, or undefined when it sets none (or clears it). */
function newSessionToken(response: Response, cookieName: string, secret: string): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${cookieName}=`)) continue;
    const value = cookie.slice(cookieName.length + 1).split(";", 1)[0] ?? "";
    if (value === "") return undefined;
    return verifySessionCookie(value, secret) ?? undefined;
  }
  return undefined;
}

/**
 * better-auth at /api/auth/*, in its own encapsulated context: the raw body goes through untouched
 * (better-auth parses it), the answer comes back with its status, headers and every cookie.
 * Refusals are re-worded in our error format and the request's language; sign-ins, failures and
 * sign-outs go to the security log.
 */
export async function authRoutes(
  app: FastifyInstance,
  options: { services: AuthServices; locales: LocaleStore },
): Promise<void> {
  const { services, locales } = options;
  const { auth, sessions, events, database, config, secret, mails, trustedDevices, spentLinks } = services;
  const cookieName = sessionCookieName(services.secureCookies);
  const limit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  // better-auth reads and refuses its bodies itself: the declared body describes them (the
  // document, the app's client) and stays here the raw bytes better-auth parses.
  app.setValidatorCompiler((route) =>
    route.httpPart === "body"
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
  );
  // The body stays raw for better-auth, so the app-wide U+0000 check (server/http/nul-characters.ts)
  // cannot see into it: look here, or PostgreSQL fails on the name or password with a 500.
  // Nor its lengths: the spec's limits hold for identity fields too (server/auth/identity-limits.ts).
  app.addHook("preValidation", async (request) => {
    const fields = fieldsOf(request);
    assertNoNulCharacters([fields]);
    assertIdentityLimits(fields);
  });

  async function userByEmail(email: string) {
    return database.db.selectFrom("user").select(["id"]).where("email", "=", email).executeTakeFirst();
  }

  /** Writes the security log's entry for the call; answers the account a new session was made for. */
  async function recordOutcome(
    request: FastifyRequest,
    path: string,
    response: Response,
    before: { userId: string; token: string } | null,
  ): Promise<{ email: string } | undefined> {
    const ip = request.ip;
    const userAgent = request.headers["user-agent"] ?? null;
    const token = newSessionToken(response, cookieName, secret);
    if (token !== undefined && token !== before?.token) {
      const session = await database.db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select(["user.id", "user.email", "user.lang"])
        .where("session.token", "=", token)
        .executeTakeFirst();
      if (session !== undefined) await events.signedIn(session, ip, userAgent);
      return session;
    }
    if (path === "/sign-in/email" && (response.status === 401 || response.status === 403)) {
      const email = emailOf(request) ?? null;
      const user = email === null ? undefined : await userByEmail(email);
      await events.record({ kind: "sign_in_failed", userId: user?.id ?? null, email, ip, userAgent });
      return;
    }
    if (before === null || response.status !== 200) return;
    if (path === "/sign-out") await events.record({ kind: "sign_out", userId: before.userId, ip, userAgent });
    if (path === "/passkey/verify-registration") {
      await events.record({ kind: "passkey_added", userId: before.userId, ip, userAgent });
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = (request.url.split("?", 1)[0] ?? "").slice(PREFIX.length);
    const session = NEEDS_SESSION_BEFORE.has(path) ? await sessions.sessionOf(request) : null;
    const response = await auth.handler(toWebRequest(request, config.publicUrl));

    let signedIn: { email: string } | undefined;
    try {
      signedIn = await recordOutcome(request, path, response, session);
    } catch (error) {
      // The log is a record, not a gate: a failure to write it must not undo a sign-in.
      request.log.error({ err: error }, "could not record a sign-in event");
    }

    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie" || name === "content-length" || name === "transfer-encoding") continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    // A browser the owner signed in from is known from now on (server/auth/trusted-devices.ts).
    if (signedIn !== undefined) cookies.push(trustedDevices.cookie(signedIn.email, Date.now()));
    if (cookies.length > 0) reply.header("set-cookie", cookies);

    const body = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
    if (response.status >= 400 && (isJson || body.length === 0)) {
      let code: unknown;
      try {
        code = body.length === 0 ? undefined : (JSON.parse(body.toString("utf8")) as { code?: unknown }).code;
      } catch {
        code = undefined;
      }
      const refusal = authErrorBody(locales, requestLanguage(request), {
        status: response.status,
        code,
        path,
      });
      reply.code(refusal.status).type("application/json; charset=utf-8");
      return reply.send(refusal.body);
    }
    return reply.send(body);
  }

  // @fastify/rate-limit runs one limiter per request, so the per-email count is checked by hand.
  // A browser the address's owner signed in from counts apart: a stranger failing sign-ins with
  // the address exhausts the shared count, never the owner's.
  const isKnown = (request: FastifyRequest, email: string) =>
    trustedDevices.knows(request.headers.cookie, email, Date.now());
  const perEmail = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => {
      const email = emailOf(request);
      if (email === undefined) return `email:${request.ip}`;
      return isKnown(request, email) ? `email:${email}:known:${request.ip}` : `email:${email}`;
    },
  });
  /**
   * The address's owner is mailed an unlock link once per locked window, not per attempt, however
   * many app servers see the attempts (the count is the database's).
   */
  async function mailUnlockLink(email: string, windowEnd: number): Promise<void> {
    const now = Date.now();
    const mailed = await countRequest(database.db, `unlock-mail|${email}`, Math.max(1, windowEnd - now), now);
    if (mailed.current > 1) return;
    const user = await database.db
      .selectFrom("user")
      .select(["email", "lang"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (user !== undefined) await mails.signInLocked(user, trustedDevices.unlockLink(email, now));
  }
  async function limitPerEmail(request: FastifyRequest, reply: FastifyReply) {
    const result = await perEmail(request);
    if (!result.isAllowed && result.isExceeded) {
      const email = emailOf(request);
      if (request.url.startsWith(`${PREFIX}/sign-in/`) && email !== undefined && !isKnown(request, email)) {
        await mailUnlockLink(email, Date.now() + result.ttlInSeconds * 1000);
      }
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new AppError("too_many_requests");
    }
  }

  // The mailed link's page (app/features/login/UnlockSignInPage.tsx) posts its signed query from
  // its button: this browser becomes known for the address, once per link. A POST, so that a link
  // scanner opening the mail's link spends nothing.
  registerOperation(app, authApi.unlockSignIn, authTypes.unlockSignIn, async (request, reply) => {
    const query = request.query;
    const link = trustedDevices.checkUnlock(query, Date.now());
    reply.header("cache-control", "no-store");
    if (link === null || !(await spentLinks.spendOnce(query.sig ?? "", link.expires))) {
      throw new AppError("invalid_signature");
    }
    reply.header("set-cookie", trustedDevices.cookie(link.email, Date.now()));
    return { unlocked: true as const };
  });

  for (const key of Object.keys(authApi) as AuthOperation[]) {
    if (key === "unlockSignIn") continue;
    registerOperation(
      app,
      authApi[key] as Operation,
      authTypes[key] as OperationTypes,
      (request, reply) => handle(request as unknown as FastifyRequest, reply),
      {
        ...(LIMITED.has(key) ? { config: { rateLimit: limit } } : {}),
        ...(LIMITED_PER_EMAIL.has(key) ? { preHandler: limitPerEmail } : {}),
      },
    );
  }
}
