import { describe, expect, it } from "vitest";
import { recordDeadline } from "./deadlines.ts";
import { categoryDef } from "./index.ts";

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 27, 15, 30);
const MIDNIGHT = Date.UTC(2026, 10, 27);

describe("a record's deadline", () => {
  it("announces an expiry from its first reminder's lead on, then its passing", () => {
    const passport = categoryDef("passport");
    expect(recordDeadline(passport, { expiryDate: MIDNIGHT + 54 * DAY }, TODAY)).toEqual({
      kind: "expires",
      days: 54,
    });
    expect(recordDeadline(passport, { expiryDate: MIDNIGHT }, TODAY)).toEqual({ kind: "expires", days: 0 });
    expect(recordDeadline(passport, { expiryDate: MIDNIGHT - DAY }, TODAY)).toEqual({
      kind: "expires",
      days: -1,
    });
    // A passport is watched 180 days ahead; a day more is not yet news.
    expect(recordDeadline(passport, { expiryDate: MIDNIGHT + 181 * DAY }, TODAY)).toBeNull();
    expect(recordDeadline(passport, { expiryDate: null }, TODAY)).toBeNull();
  });

  it("announces a will's review, and says nothing of dates that are neither", () => {
    expect(recordDeadline(categoryDef("will"), { reviewDate: MIDNIGHT + 18 * DAY }, TODAY)).toEqual({
      kind: "review",
      days: 18,
    });
    expect(recordDeadline(categoryDef("bill"), { nextDueDate: MIDNIGHT + DAY }, TODAY)).toBeNull();
  });
});
