import { z } from "zod";
import { RELEASE_TIMINGS, SHARE_STATUSES } from "../catalog/releaseTimings.ts";
import type { SharedWithMeView } from "../schemas/share.ts";
import { answeredScope } from "./nominees.types.ts";

const nullableTime = z.number().nullable();

/** An owner who named the signed-in account, checked against its declared type. */
const sharedWithMeViewSchema: z.ZodType<SharedWithMeView, SharedWithMeView> = z.object({
  nomineeId: z.string(),
  owner: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  scope: answeredScope,
  release: z.enum(RELEASE_TIMINGS),
  status: z.enum(SHARE_STATUSES),
  inviteExpiresAt: z.number(),
  requestedAt: nullableTime,
  releaseAt: nullableTime,
  releasedAt: nullableTime,
  accessEndsAt: nullableTime,
  revokedAt: nullableTime,
  ownerSuspended: z.boolean(),
});

/** The nominee's answer to one owner; answers the share as it is then. */
const answer = { params: z.object({ id: z.string().max(64) }), response: sharedWithMeViewSchema };

export const sharedWithMeTypes = {
  list: { response: z.array(sharedWithMeViewSchema) },
  accept: answer,
  decline: answer,
  /** Asks for access; released now, after the owner's delay, or on the owner's approval. */
  request: answer,
};
