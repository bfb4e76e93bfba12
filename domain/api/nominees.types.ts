import { z } from "zod";
import { RELEASE_TIMINGS, SHARE_STATUSES } from "../catalog/releaseTimings.ts";
import {
  type NomineeLogEntry,
  type NomineeView,
  nomineeCreateSchema,
  nomineeUpdateSchema,
  SHAREABLE_MODULES,
  type ShareRequestPreview,
  type ShareScope,
} from "../schemas/share.ts";

const idParams = z.object({ id: z.string().max(64) });
const nullableTime = z.number().nullable();

/** A scope as answered: its categories are those the scope's schema accepted. */
export const answeredScope = z.object({
  modules: z.array(z.enum(SHAREABLE_MODULES)),
  categories: z.array(z.string()),
}) as unknown as z.ZodType<ShareScope, ShareScope>;

/** A nominee as the owner sees it, checked against its declared type. */
const nomineeViewSchema: z.ZodType<NomineeView, NomineeView> = z.object({
  id: z.string(),
  personId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  scope: answeredScope,
  release: z.enum(RELEASE_TIMINGS),
  status: z.enum(SHARE_STATUSES),
  invitedAt: z.number(),
  inviteExpiresAt: z.number(),
  acceptedAt: nullableTime,
  requestedAt: nullableTime,
  releaseAt: nullableTime,
  releasedAt: nullableTime,
  accessEndsAt: nullableTime,
  revokedAt: nullableTime,
  createTime: z.number(),
});

const logEntrySchema: z.ZodType<NomineeLogEntry, NomineeLogEntry> = z.object({
  id: z.string(),
  kind: z.enum(["view", "reveal", "copy", "download"]),
  subjectKind: z.string(),
  subjectId: z.string(),
  category: z.string().nullable(),
  field: z.string().nullable(),
  createTime: z.number(),
});

const linkParams = z.object({ nomineeId: z.string().max(64) });

const previewSchema: z.ZodType<ShareRequestPreview, ShareRequestPreview> = z.object({
  nominee: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  scope: answeredScope,
  release: z.enum(RELEASE_TIMINGS),
  requestedAt: z.number(),
  releaseAt: nullableTime,
});

/** One of the owner's answers to a nominee; answers the nominee as it is then. */
const action = { params: idParams, response: nomineeViewSchema };

export const nomineesTypes = {
  /** Names a nominee and invites them; answers its id as a JSON string. */
  create: { body: nomineeCreateSchema, response: z.string() },
  list: { response: z.array(nomineeViewSchema) },
  read: { params: idParams, response: nomineeViewSchema },
  update: { params: idParams, body: nomineeUpdateSchema, response: nomineeViewSchema },
  remove: { params: idParams, response: z.null() },
  resend: action,
  cancel: action,
  revoke: action,
  grant: action,
  approve: action,
  decline: action,
  /** What the nominee viewed, revealed, copied and downloaded. */
  log: { params: idParams, response: z.array(logEntrySchema) },
  /** What the owner's mail link is about, read only; the link's sign is the bearer. */
  previewByLink: { params: linkParams, response: previewSchema },
  /** The owner's answer from the mail's link: true when access was released, false when declined. */
  answerByLink: { params: linkParams.extend({ approve: z.enum(["true", "false"]) }), response: z.boolean() },
};
