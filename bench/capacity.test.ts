import { describe, expect, it } from "vitest";
import { findCapacity } from "./capacity.ts";

/** A load that keeps its budgets up to `limit` requests/s. */
const upTo = (limit: number) => async (rate: number) => ({ ok: rate <= limit });

describe("capacity search", () => {
  it("steps up from a rate within the budgets until one is over", async () => {
    const found = await findCapacity(upTo(720), { start: 500, step: 100 });
    expect(found.rate).toBe(700);
    expect(found.tried.map(({ rate, ok }) => [rate, ok])).toEqual([
      [500, true],
      [600, true],
      [700, true],
      [800, false],
    ]);
  });

  it("steps down from a rate over the budgets until one is within", async () => {
    const found = await findCapacity(upTo(250), { start: 500, step: 100 });
    expect(found.rate).toBe(200);
    expect(found.tried.map(({ rate }) => rate)).toEqual([500, 400, 300, 200]);
  });

  it("stops at its ceiling, and says when no rate is within", async () => {
    expect((await findCapacity(upTo(10_000), { start: 500, step: 100, max: 700 })).rate).toBe(700);
    const none = await findCapacity(upTo(50), { start: 300, step: 100 });
    expect(none.rate).toBeUndefined();
    expect(none.tried.map(({ rate }) => rate)).toEqual([300, 200, 100]);
  });
});
