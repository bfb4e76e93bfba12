/**
 * How long a failed job waits before its next attempt: quick enough to ride out a brief outage
 * (an SMTP server restarting), patient enough not to hammer a service that is down for hours.
 */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
const LONGEST_DELAY_MS = 21_600_000;

/** Delay after the given number of failed attempts (1 for the first failure), then six hours. */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[Math.max(failedAttempts, 1) - 1] ?? LONGEST_DELAY_MS;
}

/** With the delays above, eight attempts span about nineteen hours: time for an operator to fix a mail server. */
export const DEFAULT_MAX_ATTEMPTS = 8;
