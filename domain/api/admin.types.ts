import { z } from "zod";
import { PAYMENT_CURRENCIES } from "../catalog/currencies.ts";
import {
  type AdminOverview,
  type AdminUser,
  type AdminUserDetail,
  adminUsersQuerySchema,
  auditQuerySchema,
  grantAdminQuerySchema,
  USER_STATUSES,
} from "../schemas/admin.ts";
import { commentBodySchema } from "../schemas/comment.ts";
import { adminCompaniesQuerySchema, MEMBER_STATUSES, seatLimitBodySchema } from "../schemas/company.ts";
import {
  type AdminCharity,
  type AdminProduct,
  type BillingCode,
  CODE_KINDS,
  createCharityBodySchema,
  createCodeBodySchema,
  createProductBodySchema,
  PLAN_INTERVALS,
  SUBSCRIPTION_STATUSES,
} from "../schemas/subscription.ts";
import { commentSchema } from "./comments.types.ts";

const idParams = z.object({ id: z.string().max(64) });

/** The spec's paged list, of the items `item` declares. */
function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    content: z.array(item),
    page: z.number(),
    size: z.number(),
    totalElements: z.number(),
    totalPages: z.number(),
  });
}

const userFields = {
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  twoFactor: z.boolean(),
  createdAt: z.number(),
  lastSignInAt: z.number().nullable(),
};

/** An account's facts: never its records, persons, documents or vault. */
const userSchema: z.ZodType<AdminUser, AdminUser> = z.object(userFields);

/** The account's facts and its billing facts. */
const userDetailSchema: z.ZodType<AdminUserDetail, AdminUserDetail> = z.object({
  ...userFields,
  subscription: z
    .object({
      product: z.string().nullable(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: z.number().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  codes: z.array(z.object({ code: z.string(), kind: z.enum(CODE_KINDS), redeemedAt: z.number() })),
  company: z.object({ id: z.string(), name: z.string(), role: z.enum(["admin", "member"]) }).nullable(),
  donation: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** One line of the audit log as the admin screen shows it; the facts that changed stay stored. */
const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  subjectKind: z.string(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.number(),
});

const overviewSchema: z.ZodType<AdminOverview, AdminOverview> = z.object({
  users: z.number(),
  verifiedUsers: z.number(),
  subscriptions: z.array(
    z.object({
      currency: z.string(),
      plan: z.string(),
      interval: z.string(),
      count: z.number(),
      seats: z.number(),
    }),
  ),
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
  companies: z.number(),
  seatsUsed: z.number(),
  weeks: z.array(z.object({ weekStart: z.number(), signUps: z.number(), subscriptions: z.number() })),
  nothingOnSale: z.boolean(),
});

const productSchema: z.ZodType<AdminProduct, AdminProduct> = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  amount: z.number(),
  interval: z.enum(PLAN_INTERVALS),
  isB2B: z.boolean(),
  integrationData: z.object({ providerProductId: z.string().nullable() }),
  archived: z.boolean(),
  createdAt: z.number(),
});

const codeSchema: z.ZodType<BillingCode, BillingCode> = z.object({
  id: z.string(),
  kind: z.enum(CODE_KINDS),
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  currency: z.enum(PAYMENT_CURRENCIES).nullable(),
  periodDays: z.number().nullable(),
  expiresAt: z.number().nullable(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  archived: z.boolean(),
  createdAt: z.number(),
});

const charitySchema: z.ZodType<AdminCharity, AdminCharity> = z.object({
  companyId: z.string(),
  fullName: z.string(),
  archived: z.boolean(),
  createdAt: z.number(),
  chosenBy: z.number(),
});

/** A company as the admin screen shows it: its facts, its plan's name and state, its members counted. */
const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  seats: z.object({ used: z.number(), bought: z.number().nullable() }),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      product: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
  createdAt: z.number(),
  members: z.record(z.enum(MEMBER_STATUSES), z.number()),
});

export const adminTypes = {
  users: { query: adminUsersQuerySchema, response: pageSchema(userSchema) },
  user: { params: idParams, response: userDetailSchema },
  /** Signed out everywhere at once, and refused at sign-in until enabled; never one's own. */
  disableUser: { params: idParams, response: userSchema },
  enableUser: { params: idParams, response: userSchema },
  resendVerification: { params: idParams, response: userSchema },
  /** Grants or removes platform admin; the last admin is never removed. */
  setAdmin: { params: idParams, query: grantAdminQuerySchema, response: userSchema },
  /** The same path as self-deletion; never one's own. */
  deleteUser: { params: idParams, response: z.null() },
  userComments: { params: idParams, response: z.array(commentSchema) },
  addUserComment: { params: idParams, body: commentBodySchema, response: commentSchema },
  /** Only its author changes or deletes a comment. */
  updateComment: { params: idParams, body: commentBodySchema, response: commentSchema },
  deleteComment: { params: idParams, response: z.null() },
  audit: { query: auditQuerySchema, response: pageSchema(auditEntrySchema) },
  overview: { response: overviewSchema },
  products: { response: z.array(productSchema) },
  createProduct: { body: createProductBodySchema, response: productSchema },
  /** Never deleted: subscriptions keep pointing at it. */
  archiveProduct: { params: idParams, response: productSchema },
  codes: { response: z.array(codeSchema) },
  /** Every code made, for the admin to hand out. */
  createCodes: { body: createCodeBodySchema, response: z.array(codeSchema) },
  archiveCode: { params: idParams, response: codeSchema },
  charities: { response: z.array(charitySchema) },
  createCharity: { body: createCharityBodySchema, response: charitySchema },
  archiveCharity: { params: idParams, response: charitySchema },
  companies: { query: adminCompaniesQuerySchema, response: pageSchema(companySchema) },
  company: { params: idParams, response: companySchema },
  /** Billing off only: the seats allowed, null for no limit. */
  setCompanySeats: { params: idParams, body: seatLimitBodySchema, response: companySchema },
};
