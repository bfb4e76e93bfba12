import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, isLanguage } from "../../domain/catalog/languages.ts";
import type { BillingMode } from "../../domain/schemas/subscription.ts";
import type { Database } from "../db/database.ts";
import type { NotifyChannel } from "../db/notify-channel.ts";
import type { Actor, Identity } from "./access.ts";
import { authBoolean, authDate, banHolds } from "./auth-values.ts";
import { rolesOf } from "./roles.ts";
import { readCookie, verifySessionCookie } from "./session-cookie.ts";

/** What the hot path needs of a session and its user. Times are epoch ms. */
export type SessionRecord = {
  userId: string;
  /** The account's name, which "last changed by" shows for the account's own saves. */
  name: string;
  expiresAt: number;
  createdAt: number;
  emailVerified: boolean;
  /** better-auth admin plugin roles, comma-separated ("admin", "user"). */
  role: string | null;
  banned: boolean;
  banExpires: number | null;
  lang: string | null;
  /** The account's entitlement (server/auth/roles.ts). */
  subscriberUntil: number | null;
  b2bUntil: number | null;
  companyAdmin: boolean;
};

export type SessionLoader = (token: string) => Promise<SessionRecord | undefined>;

/** A signed-in request's session, as the account routes need it. */
export type ResolvedSession = {
  token: string;
  userId: string;
  actor: Actor;
  expiresAt: number;
  createdAt: number;
};

/** One indexed lookup (session.token is unique) joined to the user. */
export function databaseSessionLoader(database: Database): SessionLoader {
  return async (token) => {
    const row = await database.db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .leftJoin("entitlement", "entitlement.user_id", "session.userId")
      .select([
        "session.userId",
        "session.expiresAt",
        "session.createdAt",
        "user.name",
        "user.emailVerified",
        "user.role",
        "user.banned",
        "user.banExpires",
        "user.lang",
        "entitlement.subscriber_until",
        "entitlement.b2b_until",
        "entitlement.company_admin",
      ])
      .where("session.token", "=", token)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      userId: row.userId,
      name: row.name,
      expiresAt: authDate(row.expiresAt) ?? 0,
      createdAt: authDate(row.createdAt) ?? 0,
      emailVerified: authBoolean(row.emailVerified),
      role: row.role,
      banned: authBoolean(row.banned),
      banExpires: authDate(row.banExpires),
      lang: row.lang,
      subscriberUntil: row.subscriber_until ?? null,
      b2bUntil: row.b2b_until ?? null,
      companyAdmin: row.company_admin === 1,
    };
  };
}

export type SessionIdentityOptions = {
  secret: string;
  cookieName: string;
  /** With billing off, every verified account is a subscriber (server/auth/roles.ts). */
  billing: BillingMode;
  load: SessionLoader;
  clock?: () => number;
  /** How long a resolved session is trusted without asking the database again. */
  ttlMs?: number;
  maxEntries?: number;
  /** Checks a signed link (the /unsubscribe and share-approval links); refused unless given. */
  signedLinkIsValid?: (request: FastifyRequest) => Promise<boolean>;
  /**
   * PostgreSQL: the channel to the other processes on the database (db/notify-channel.ts). What
   * this process forgets, they forget too; and while this one does not listen, it trusts no cache.
   */
  channel?: NotifyChannel;
  /** Told when the other processes could not be told of a forget. */
  onPublishError?: (error: unknown) => void;
};

type Entry = { session: ResolvedSession | null; validUntil: number };

/**
 * request -> actor in microseconds. better-auth's getSession queries the database on every
 * request; here the cookie's HMAC is checked first (a forged cookie never reaches
 * the database), then a bounded in-process LRU answers from memory for up to ttlMs, never
 * past the session's expiry or the end of a ban. A miss costs one indexed query.
 *
 * Sign-out, session revocation, password change or reset, bans, account deletion and changes of
 * entitlement call forgetSession/forgetUser (from better-auth's database hooks and the services that
 * write these rows after their commit), so this process stops accepting the session at once. With a
 * channel (several app servers on one PostgreSQL, and the CLI), the forget is published and every
 * listening process forgets the account's sessions when it arrives, milliseconds later. A process
 * that is not listening (not yet connected, reconnecting, or never asked to listen) may have missed
 * one: it asks the database on every request, and starts afresh once LISTEN runs again.
 */
export function createSessionIdentity(options: SessionIdentityOptions) {
  const { secret, cookieName, billing, load } = options;
  // Read Date.now at each call, so that tests which move Date (vi.setSystemTime) move this clock.
  const clock = options.clock ?? (() => Date.now());
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, Entry>();
  // Bumped by every forget: a lookup that started before a revocation must not cache what it read.
  let generation = 0;
  // Without a channel (SQLite: a single process) the cache is always trusted; with one, only while
  // this process listens.
  let trusted = options.channel === undefined;
  let listening = false;
  // This process's own notifications come back to it: it forgot those sessions already.
  const origin = randomUUID();
  const publishing = new Set<Promise<void>>();

  function remember(token: string, entry: Entry) {
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(token, entry);
  }

  function toSession(token: string, record: SessionRecord | undefined, now: number): Entry {
    if (record === undefined) return { session: null, validUntil: now + ttlMs };
    if (record.expiresAt <= now || banHolds(record.banned, record.banExpires, now))
      return { session: null, validUntil: now + ttlMs };
    let validUntil = Math.min(now + ttlMs, record.expiresAt);
    // A free period that ends within the TTL takes the role away on time.
    for (const until of [record.subscriberUntil, record.b2bUntil]) {
      if (until !== null && until > now) validUntil = Math.min(validUntil, until);
    }
    if (record.banned && record.banExpires !== null) validUntil = Math.min(validUntil, record.banExpires);
    const language = isLanguage(record.lang) ? record.lang : DEFAULT_LANGUAGE;
    return {
      session: {
        token,
        userId: record.userId,
        actor: {
          userId: record.userId,
          roles: rolesOf(
            {
              emailVerified: record.emailVerified,
              adminRole: record.role,
              subscriberUntil: record.subscriberUntil,
              b2bUntil: record.b2bUntil,
              companyAdmin: record.companyAdmin,
            },
            billing,
            now,
          ),
          language,
          name: record.name,
        },
        expiresAt: record.expiresAt,
        createdAt: record.createdAt,
      },
      validUntil,
    };
  }

  /** The session of a token whose signature was already checked. */
  async function sessionOfToken(
    token: string,
    options: { fresh?: boolean } = {},
  ): Promise<ResolvedSession | null> {
    const now = clock();
    const cached = options.fresh || !trusted ? undefined : cache.get(token);
    if (cached !== undefined && cached.validUntil > now) {
      // Least recently used goes first: move the hit to the end.
      cache.delete(token);
      cache.set(token, cached);
      return cached.session;
    }
    const started = generation;
    const entry = toSession(token, await load(token), now);
    if (trusted && generation === started) remember(token, entry);
    return entry.session;
  }

  // Cookie values whose signature already checked out: the HMAC is most of a cache hit's cost, and
  // an exact match of a value verified before needs no second check. Bounded like the cache.
  const verified = new Map<string, string>();

  /** The verified session token of a request's cookie, or null (absent, malformed or forged). */
  function tokenOf(request: FastifyRequest): string | null {
    const raw = readCookie(request.headers.cookie, cookieName);
    if (raw === undefined || raw === "") return null;
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const token = verifySessionCookie(raw, secret);
    if (token !== null) {
      if (verified.size >= maxEntries) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(raw, token);
    }
    return token;
  }

  async function sessionOf(request: FastifyRequest, options: { fresh?: boolean } = {}) {
    const token = tokenOf(request);
    return token === null ? null : sessionOfToken(token, options);
  }

  const identity: Identity = {
    actor: async (request) => (await sessionOf(request))?.actor ?? null,
    signedLinkIsValid: options.signedLinkIsValid ?? (async () => false),
  };

  function dropToken(token: string): void {
    generation += 1;
    cache.delete(token);
  }

  function dropUser(userId: string): void {
    generation += 1;
    for (const [token, entry] of cache) {
      if (entry.session?.userId === userId) cache.delete(token);
    }
  }

  function dropAll(): void {
    generation += 1;
    cache.clear();
  }

  /** Tells the other processes to forget the account's sessions; settles once sent (or failed). */
  function publish(userId: string): Promise<void> {
    const { channel } = options;
    if (channel === undefined) return Promise.resolve();
    const sent: Promise<void> = channel
      .publish(`${origin} ${userId}`)
      .catch((error: unknown) => options.onPublishError?.(error))
      .finally(() => publishing.delete(sent));
    publishing.add(sent);
    return sent;
  }

  return {
    identity,
    sessionOf,
    tokenOf,
    /** A session whose row changed but still stands (its expiry moved): this process reads it again. */
    forgetToken: dropToken,
    /** An ended session: this process drops it, the others the account's sessions. */
    forgetSession(session: { token: string; userId: string }): Promise<void> {
      dropToken(session.token);
      return publish(session.userId);
    },
    /** Every session of the account is read again, in every process (ban, role, entitlement, deletion). */
    forgetUser(userId: string): Promise<void> {
      dropUser(userId);
      return publish(userId);
    },
    /** Follows the other processes' forgets; until LISTEN runs, and whenever it is lost, trusts no cache. */
    listen(): void {
      if (options.channel === undefined || listening) return;
      listening = true;
      options.channel.listen({
        message(payload) {
          const [from, userId] = payload.split(" ");
          if (from !== origin && userId !== undefined) dropUser(userId);
        },
        down() {
          trusted = false;
          dropAll();
        },
        up() {
          dropAll();
          trusted = true;
        },
      });
    },
    /** Waits for the forgets being published, then stops listening. */
    async close(): Promise<void> {
      await Promise.all(publishing);
      trusted = options.channel === undefined;
      await options.channel?.close();
    },
  };
}

export type SessionIdentity = ReturnType<typeof createSessionIdentity>;
