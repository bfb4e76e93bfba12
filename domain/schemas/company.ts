import { z } from "zod";
import { LANGUAGES, type Language } from "../catalog/languages.ts";
import { COMPANY_LIMITS, MAX_PRODUCTS_COUNT } from "../limits.ts";
import { requiredText } from "./fields.ts";
import { INVITATION_TOKEN_PATTERN } from "./invitation.ts";
import type { Subscription } from "./subscription.ts";

/**
 * Companies (the spec's b2b mode): a company gives Kinfile to its staff. Every shape the
 * `/api/b2b/*` calls send or answer, shared by the server and the app.
 *
 * A company admin sees of a member only what is here (name, email, status, dates, admin flag):
 * never a person, record, document, share or access log of theirs.
 */

// Defined with the other limits (zod-free, so the company screens name them without zod); the
// API's company modules import it from here.
export { COMPANY_LIMITS };

const text = (max: number) => z.string().trim().max(max, { error: "errors:fields.too_long" });
const required = (max: number) => requiredText("errors:fields.required", max);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "errors:fields.required" })
  .max(COMPANY_LIMITS.email, { error: "errors:fields.too_long" })
  .pipe(z.email({ error: "errors:fields.invalid_email" }));

/** A company's details: `POST /api/b2b/company` creates it, `PUT` corrects it. */
export const companyBodySchema = z.object({
  name: required(COMPANY_LIMITS.name),
  email,
  website: text(COMPANY_LIMITS.website)
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "errors:fields.invalid_url" })]))
    .nullish(),
  phones: z
    .array(required(COMPANY_LIMITS.phone), { error: "errors:fields.invalid_type" })
    .max(COMPANY_LIMITS.phones, { error: "errors:fields.too_many" })
    .nullish(),
  address: text(COMPANY_LIMITS.address).nullish(),
});
export type CompanyBody = z.infer<typeof companyBodySchema>;

/** One person to invite: the single invite's body, and one row of the CSV file. */
export const inviteBodySchema = z.object({
  email,
  firstName: required(COMPANY_LIMITS.personName),
  lastName: required(COMPANY_LIMITS.personName),
  language: z.enum(LANGUAGES, { error: "errors:fields.invalid_choice" }).default("en"),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** The CSV file's header row, and the template offered for download. */
export const INVITE_CSV_COLUMNS = ["email", "firstName", "lastName", "language"] as const;

export const INVITE_RESULTS = ["invited", "member", "duplicate", "invalid"] as const;
export type InviteResult = (typeof INVITE_RESULTS)[number];

/** One data row's outcome; `row` is its number in a spreadsheet (the header is row 1). */
export type InviteRowOutcome = {
  row: number;
  email: string;
  result: InviteResult;
  /** For `invalid`: the column at fault and what is wrong with it, in the reader's language. */
  field: string | null;
  reason: string | null;
};

/** In the error of a 409 refusing an invitation for want of seats: how many more seats it needs. */
export type NoSeatsDetails = { seatsMissing: number };

/** The CSV invite's answer. When seats are missing, nothing was invited and `seatsMissing` says how many. */
export type InviteCsvAnswer = { rows: InviteRowOutcome[]; seatsMissing: number };

export const MEMBER_STATUSES = ["invited", "active", "deactivated"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A member as the company's admins see them, and nothing more. */
export type CompanyMember = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: MemberStatus;
  isAdmin: boolean;
  language: Language;
  invitedAt: number;
  activatedAt: number | null;
};

export type Company = {
  id: string;
  name: string;
  email: string;
  website: string | null;
  phones: string[];
  address: string | null;
  /** Seats taken by invited and active members; `bought` null: no limit (billing off, none set). */
  seats: { used: number; bought: number | null };
  /** The company plan in stripe mode (its quantity is the seats bought); null otherwise. */
  subscription: Subscription | null;
  createdAt: number;
};

/** A company admin as the company's members see them: how to reach them, nothing more. */
export type CompanyContact = { firstName: string; lastName: string; email: string };

/**
 * `GET /api/b2b/company` answers the reader's company: in full to its admins, and to a member who
 * is not one only its name and how to reach its admins, never the other members.
 */
export type CompanyForReader =
  | (Company & { role: "admin" })
  | { role: "member"; name: string; admins: CompanyContact[] };

/**
 * `GET /api/b2b/invitations`: an invitation waiting for the signed-in account's verified address.
 * Invitations do not lapse (a reminder renews the code), so `expiresAt` is null.
 */
export type PendingInvitation = {
  id: string;
  companyName: string;
  invitedAt: number;
  expiresAt: number | null;
};

/**
 * `GET /api/b2b/invitation/{token}`, public: the inviting company's name for the sign-in and
 * register pages, while the invitation waits; nothing else.
 */
export type InvitationPreview = { companyName: string };

const MEMBER_SORT_COLUMNS = ["email", "firstName", "lastName", "status", "invitedAt", "activatedAt"] as const;
export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number];

const booleanQuery = z
  .enum(["true", "false"], { error: "errors:fields.invalid_choice" })
  .transform((value) => value === "true");

/** `GET /api/b2b/accounts/page/{page}?descending&size&sortedColumn&search`. */
export const memberPageQuerySchema = z.object({
  descending: booleanQuery.default(false),
  size: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(COMPANY_LIMITS.pageSizeMax, { error: "errors:fields.too_big" })
    .default(20),
  sortedColumn: z.enum(MEMBER_SORT_COLUMNS, { error: "errors:fields.invalid_choice" }).default("invitedAt"),
  search: text(COMPANY_LIMITS.search).default(""),
});
export type MemberPageQuery = z.infer<typeof memberPageQuerySchema>;

export const setRoleQuerySchema = z.object({ setRole: booleanQuery });

/** `POST /api/b2b/account/activate`, form-encoded. */
export const activateBodySchema = z.object({ code: required(64) });

/** A company as platform admins see it: the company's facts, its members counted by status. */
export type AdminCompany = Company & { members: Record<MemberStatus, number> };

/** `GET /api/admin/companies?search=&page=&size=`: by name or email, newest first. */
export const adminCompaniesQuerySchema = z.object({
  search: text(COMPANY_LIMITS.search).default(""),
  page: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(0, { error: "errors:fields.too_small" })
    .default(0),
  size: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(COMPANY_LIMITS.pageSizeMax, { error: "errors:fields.too_big" })
    .default(20),
});
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuerySchema>;

/** Billing off: the seats an admin allows a company; null lifts the limit. */
/** `PUT /api/b2b/company/seats`: a company admin sets the seats the company plan pays for. */
export const seatsBodySchema = z.object({
  seats: z
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(MAX_PRODUCTS_COUNT, { error: "errors:fields.too_big" }),
});
export type SeatsBody = z.infer<typeof seatsBodySchema>;

export const seatLimitBodySchema = z.object({
  seatLimit: z
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(1, { error: "errors:fields.too_small" })
    .max(100_000, { error: "errors:fields.too_big" })
    .nullable(),
});

/** An invitation's token (invitation.ts) where the API takes one. */
export const invitationTokenSchema = z
  .string()
  .regex(INVITATION_TOKEN_PATTERN, "errors:fields.invalid_format");
