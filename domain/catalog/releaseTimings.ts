/**
 * When a share grant's access is released to the nominee (keys verbatim from the spec), and the
 * statuses a share grant goes through (CATALOG section 6).
 */
export const RELEASE_TIMINGS = ["now", "manual", "five_days", "ten_days", "fifteen_days"] as const;
export type ReleaseTiming = (typeof RELEASE_TIMINGS)[number];

/** Days without the owner's response before release: 0 = at once, null = only by the owner's hand. */
const RELEASE_DELAY_DAYS: Record<ReleaseTiming, number | null> = {
  now: 0,
  manual: null,
  five_days: 5,
  ten_days: 10,
  fifteen_days: 15,
};

export function isReleaseTiming(value: unknown): value is ReleaseTiming {
  return typeof value === "string" && (RELEASE_TIMINGS as readonly string[]).includes(value);
}

export function releaseDelayDays(timing: ReleaseTiming): number | null {
  return RELEASE_DELAY_DAYS[timing];
}

export function releaseTimingLabelKey(timing: ReleaseTiming): `releaseTiming.${ReleaseTiming}` {
  return `releaseTiming.${timing}`;
}

/**
 * The nominee lifecycle of the nominees issue (after Bitwarden's emergency access), which replaces
 * CATALOG section 6's five statuses: pending is invited or requested, approved and released are one
 * (approval releases), and revoking returns to accepted. "expired" is an invitation past its days.
 */
export const SHARE_STATUSES = [
  "invited",
  "accepted",
  "requested",
  "released",
  "declined",
  "cancelled",
  "expired",
] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export function isShareStatus(value: unknown): value is ShareStatus {
  return typeof value === "string" && (SHARE_STATUSES as readonly string[]).includes(value);
}

export function shareStatusLabelKey(status: ShareStatus): `shareStatus.${ShareStatus}` {
  return `shareStatus.${status}`;
}
