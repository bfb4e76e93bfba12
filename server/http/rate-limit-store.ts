import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** How many requests a limited route takes within a window. */
export type RateLimit = { max: number; windowMs: number };

/**
 * The route option (`config.rateLimit`) that holds each account to `limit`: counted per account
 * (the access rule has named it by then), else per client, whichever server takes the request.
 */
export function perAccountRateLimit(limit: RateLimit) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => request.actor?.userId ?? request.ip,
  };
}

/** What a limit's count is after one more request: the count and the time left in its window. */
export type RateCount = { current: number; ttl: number };

/**
 * Counts one more request for `key` in a window of `windowMs`, in one statement: a new key or one
 * whose window has ended starts at 1; otherwise the count grows. The database is the one place
 * every app server shares, so N servers allow the same attempts as one.
 */
export async function countRequest(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
  now: number,
): Promise<RateCount> {
  const row = await countStatement(db, key, windowMs, now).executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_ends_at) - now) };
}

/**
 * countRequest's statement. Its values are all bound (eb.val): Kysely writes a CASE branch's plain
 * value into the SQL, which made a new text at every request (the time in it), so SQLite prepared
 * the statement anew each time and pushed others out of the adapter's statement cache.
 */
export function countStatement(db: Kysely<DB>, key: string, windowMs: number, now: number) {
  return db
    .insertInto("rate_limit")
    .values({ key, count: 1, window_ends_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => {
        const ended = eb("rate_limit.window_ends_at", "<=", now);
        return {
          count: eb
            .case()
            .when(ended)
            .then(eb.val(1))
            .else(eb("rate_limit.count", "+", 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(eb.val(now + windowMs))
            .else(eb.ref("rate_limit.window_ends_at"))
            .end(),
        };
      }),
    )
    .returning(["count", "window_ends_at"]);
}

/** How often a server clears the rows of ended windows (a key seen again starts over anyway). */
const SWEEP_EVERY_MS = 60_000;

/**
 * @fastify/rate-limit's store on our database instead of each server's memory. Each limited route
 * (or limiter made with createRateLimit) counts under its own namespace, as the plugin's own
 * store keeps one map per route.
 */
export function databaseRateLimitStore(db: Kysely<DB>, clock: () => number = Date.now) {
  let lastSweep = 0;
  async function count(key: string, windowMs: number): Promise<RateCount> {
    const now = clock();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await db.deleteFrom("rate_limit").where("window_ends_at", "<", now).execute();
    }
    return countRequest(db, key, windowMs, now);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    constructor(_options: FastifyRateLimitOptions, namespace = "global") {
      this.namespace = namespace;
    }

    incr(key: string, callback: (error: Error | null, result?: RateCount) => void, timeWindow: number): void {
      count(`${this.namespace}|${key}`, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit settings, its route as `routeInfo` (none for a
      // limiter made with createRateLimit), not the route options its types name.
      const { routeInfo: route, groupId } = routeOptions as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
        groupId?: string;
      };
      const namespace =
        groupId ??
        (route?.url === undefined ? "limiter" : `${[route.method ?? ""].flat().join(",")} ${route.url}`);
      return new DatabaseRateLimitStore({}, namespace);
    }
  }
  return DatabaseRateLimitStore;
}
