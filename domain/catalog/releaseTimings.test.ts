import { describe, expect, it } from "vitest";
import {
  isReleaseTiming,
  isShareStatus,
  RELEASE_TIMINGS,
  releaseDelayDays,
  releaseTimingLabelKey,
  SHARE_STATUSES,
  shareStatusLabelKey,
} from "./releaseTimings.ts";

describe("release timings", () => {
  it("keep the spec's keys verbatim", () => {
    expect(RELEASE_TIMINGS).toEqual(["now", "manual", "five_days", "ten_days", "fifteen_days"]);
  });

  it("delay release by the spec's 5, 10 and 15 days; now at once; manual never by itself", () => {
    expect(RELEASE_TIMINGS.map(releaseDelayDays)).toEqual([0, null, 5, 10, 15]);
  });

  it("guard and label", () => {
    expect(isReleaseTiming("ten_days")).toBe(true);
    expect(isReleaseTiming("tenDays")).toBe(false);
    expect(releaseTimingLabelKey("five_days")).toBe("releaseTiming.five_days");
  });
});

describe("share statuses", () => {
  it("are the nominee lifecycle's", () => {
    expect(SHARE_STATUSES).toEqual([
      "invited",
      "accepted",
      "requested",
      "released",
      "declined",
      "cancelled",
      "expired",
    ]);
    expect(isShareStatus("released")).toBe(true);
    expect(isShareStatus("revoked")).toBe(false);
    expect(shareStatusLabelKey("requested")).toBe("shareStatus.requested");
  });
});
