import { z } from "zod";
import { LANGUAGES } from "../catalog/languages.ts";
import {
  activateBodySchema,
  type Company,
  type CompanyForReader,
  type CompanyMember,
  companyBodySchema,
  INVITE_RESULTS,
  type InvitationPreview,
  type InviteCsvAnswer,
  invitationTokenSchema,
  inviteBodySchema,
  MEMBER_STATUSES,
  memberPageQuerySchema,
  type PendingInvitation,
  seatsBodySchema,
  setRoleQuerySchema,
} from "../schemas/company.ts";
import type { Page } from "../schemas/page.ts";
import { activationResultSchema, subscriptionSchema } from "./subscriptions.types.ts";

const idParams = z.object({ id: z.string().max(64) });
const pageParams = z.object({
  page: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(0, { error: "errors:fields.too_small" })
    .max(1_000_000, { error: "errors:fields.too_big" }),
});

const companyShape = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  phones: z.array(z.string()),
  address: z.string().nullable(),
  seats: z.object({ used: z.number(), bought: z.number().nullable() }),
  subscription: subscriptionSchema.nullable(),
  createdAt: z.number(),
};

const companySchema: z.ZodType<Company, Company> = z.object(companyShape);

/** In full to the company's admins; to a member only its name and its admins' addresses. */
const companyForReaderSchema: z.ZodType<CompanyForReader, CompanyForReader> = z.discriminatedUnion("role", [
  z.object({ ...companyShape, role: z.literal("admin") }),
  z.object({
    role: z.literal("member"),
    name: z.string(),
    admins: z.array(z.object({ firstName: z.string(), lastName: z.string(), email: z.string() })),
  }),
]);

/** A member as the company's admins see them: never anything of their file. */
const memberSchema: z.ZodType<CompanyMember, CompanyMember> = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(MEMBER_STATUSES),
  isAdmin: z.boolean(),
  language: z.enum(LANGUAGES),
  invitedAt: z.number(),
  activatedAt: z.number().nullable(),
});

const memberPageSchema: z.ZodType<Page<CompanyMember>, Page<CompanyMember>> = z.object({
  content: z.array(memberSchema),
  page: z.number(),
  size: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
});

const inviteCsvAnswerSchema: z.ZodType<InviteCsvAnswer, InviteCsvAnswer> = z.object({
  rows: z.array(
    z.object({
      row: z.number(),
      email: z.string(),
      result: z.enum(INVITE_RESULTS),
      field: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  seatsMissing: z.number(),
});

const pendingInvitationSchema: z.ZodType<PendingInvitation, PendingInvitation> = z.object({
  id: z.string(),
  companyName: z.string(),
  invitedAt: z.number(),
  expiresAt: z.number().nullable(),
});

const invitationPreviewSchema: z.ZodType<InvitationPreview, InvitationPreview> = z.object({
  companyName: z.string(),
});

export const companiesTypes = {
  /** Creates a company; its creator is its first admin. */
  create: { body: companyBodySchema, response: companySchema },
  update: { body: companyBodySchema, response: companySchema },
  /** The seats the company plan pays for: more are invoiced at once, fewer credited. */
  changeSeats: { body: seatsBodySchema, response: companySchema },
  /** The reader's company; 404 to an account of none. */
  company: { response: companyForReaderSchema },
  /** The reader leaves their company; the last admin cannot. */
  leave: { response: z.null() },
  /** Invites one person; a 409 for want of seats says how many are missing. */
  invite: { body: inviteBodySchema, response: memberSchema },
  /** The CSV file's header row, to fill in (text/csv). */
  inviteTemplate: { response: z.string().describe("text/csv; charset=utf-8, as an attachment") },
  /** multipart/form-data with one `file` part, a CSV of people to invite, one outcome per row. */
  inviteCsv: { response: inviteCsvAnswerSchema },
  /** An invitation's code, typed or from its link; JSON or form-encoded `code`. */
  activate: { body: activateBodySchema, response: activationResultSchema },
  /** Public: the inviting company's name while the invitation waits, nothing else. */
  invitationPreview: {
    params: z.object({ token: invitationTokenSchema }),
    response: invitationPreviewSchema,
  },
  /** Invitations waiting for the signed-in account's verified address. */
  invitations: { response: z.array(pendingInvitationSchema) },
  accept: { params: idParams, response: activationResultSchema },
  members: { params: pageParams, query: memberPageQuerySchema, response: memberPageSchema },
  /** A GET that changes state, the spec's: refused from another site. */
  deactivate: { params: idParams, response: memberSchema },
  reactivate: { params: idParams, response: memberSchema },
  setAdmin: { params: idParams, query: setRoleQuerySchema, response: memberSchema },
};
