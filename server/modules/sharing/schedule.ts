/** The sharing module's durable jobs (server/jobs) and the keys that make each one happen once. */
export type SharingJobs = {
  /** Releases a pending request whose wait passed without the owner's answer. */
  "share.release": { nomineeId: string; requestId: string };
  /** Reminds the owner of a pending request on the last day of the wait. */
  "share.remind": { nomineeId: string; requestId: string };
  /** Ends released access on the date the owner chose. */
  "share.end": { nomineeId: string; accessEndsAt: number };
  /** Mails the owner that the nominee opened the file, once per release. */
  "share.opened": { nomineeId: string; releasedAt: number };
};

export const sharingJobKeys = {
  release: (nomineeId: string, requestId: string) => `share:release:${nomineeId}:${requestId}`,
  remind: (nomineeId: string, requestId: string) => `share:remind:${nomineeId}:${requestId}`,
  end: (nomineeId: string, accessEndsAt: number) => `share:end:${nomineeId}:${accessEndsAt}`,
  opened: (nomineeId: string, releasedAt: number) => `share:opened:${nomineeId}:${releasedAt}`,
};
