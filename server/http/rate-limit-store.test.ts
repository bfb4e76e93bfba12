import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import {
  createTestDatabase,
  openSecondPool,
  type TestDatabase,
  testDialects,
} from "../testing/test-database.ts";
import { countRequest, countStatement } from "./rate-limit-store.ts";

const WINDOW_MS = 60_000;

describe.each(testDialects())("rate limits kept in the database on %s", (dialect) => {
  let first: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    first = await createTestDatabase(dialect);
    second = await openSecondPool(first, dialect);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("counts the attempts every server sees together, so two servers allow what one does", async () => {
    const now = Date.now();
    const counts = [];
    for (const server of [first, second, first, second]) {
      counts.push((await countRequest(server.db, "sign-in|203.0.113.7", WINDOW_MS, now)).current);
    }
    expect(counts).toEqual([1, 2, 3, 4]);
    // Concurrent attempts are each counted once.
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        countRequest((index % 2 === 0 ? first : second).db, "sign-in|198.51.100.9", WINDOW_MS, now),
      ),
    );
    expect(racing.map((count) => count.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("says how long the window has left, and starts again once it has ended", async () => {
    const start = Date.now();
    expect(await countRequest(first.db, "reset|a@example.com", WINDOW_MS, start)).toEqual({
      current: 1,
      ttl: WINDOW_MS,
    });
    expect(await countRequest(second.db, "reset|a@example.com", WINDOW_MS, start + 10_000)).toEqual({
      current: 2,
      ttl: WINDOW_MS - 10_000,
    });
    expect(await countRequest(first.db, "reset|a@example.com", WINDOW_MS, start + WINDOW_MS)).toEqual({
      current: 1,
      ttl: WINDOW_MS,
    });
    // Another key keeps its own count.
    expect((await countRequest(first.db, "reset|b@example.com", WINDOW_MS, start)).current).toBe(1);
  });

  it("counts with one SQL text whatever the key and time, so the statement is prepared once", () => {
    const texts = [
      countStatement(first.db, "sign-in|203.0.113.7", WINDOW_MS, 1_000).compile().sql,
      countStatement(first.db, "upload|u-2", 3_600_000, 2_000).compile().sql,
    ];
    expect(texts[1]).toBe(texts[0]);
  });
});
