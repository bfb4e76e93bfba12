import { z } from "zod";
import { LANGUAGES } from "../catalog/languages.ts";
import { ACCENTS, THEME_MODES } from "../catalog/themes.ts";
import { LIMITS } from "../limits.ts";
import {
  type Account,
  type PasswordConfirmation,
  SIGN_IN_EVENT_KINDS,
  type SignInEventPage,
} from "../schemas/account.ts";
import type { Charity, DonationChoice } from "../schemas/subscription.ts";

/** The app may send the whole account back; only these fields can change here. */
export const saveAccountBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.textMax).optional(),
  lang: z.enum(LANGUAGES).optional(),
  themeColor: z.enum(ACCENTS).optional(),
  themeMode: z.enum(THEME_MODES).optional(),
});

export const accountQuery = z.object({ login: z.string().optional() });

export const splashQuery = z.object({
  show: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const eventsQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** The word the app asks the user to type, in either language the app speaks. */
export const DELETE_CONFIRMATION_WORDS = ["DELETE", "SUPPRIMER"] as const;

export const deleteAccountBody = z.object({
  password: z.string().max(256).optional(),
  confirmation: z.string().max(64),
});

export type SaveAccountBody = z.infer<typeof saveAccountBody>;

/** POST /api/account/confirm-password: the account password, asked again before handing out secrets. */
export const confirmPasswordBody = z.object({ password: z.string().max(256) });

/** The account as answered, checked against its declared type. */
const accountSchema: z.ZodType<Account, Account> = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  lang: z.enum(LANGUAGES),
  themeColor: z.enum(ACCENTS),
  themeMode: z.enum(THEME_MODES),
  roles: z.array(z.string()),
  showSplashScreen: z.boolean(),
  showMobileSplashScreen: z.boolean(),
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
  providers: z.array(z.string()),
  createdAt: z.number(),
});

const eventPageSchema: z.ZodType<SignInEventPage, SignInEventPage> = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(SIGN_IN_EVENT_KINDS),
      ip: z.string().nullable(),
      device: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.number(),
    }),
  ),
  page: z.number(),
  size: z.number(),
  total: z.number(),
});

const confirmationSchema: z.ZodType<PasswordConfirmation, PasswordConfirmation> = z.object({
  confirmedUntil: z.number(),
});

const charitySchema: z.ZodType<Charity, Charity> = z.object({ companyId: z.string(), fullName: z.string() });

const donationSchema: z.ZodType<DonationChoice, DonationChoice> = z.object({
  charity: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const accountTypes = {
  /** The signed-in account; `?login=` is the spec's, and ignored: the session decides. */
  account: { query: accountQuery, response: accountSchema },
  /** Changes the name, language or theme; answers the account. */
  save: { body: saveAccountBody, response: accountSchema },
  splash: { query: splashQuery, response: accountSchema },
  splashMobile: { query: splashQuery, response: accountSchema },
  /** When the session ends (epoch ms), and the server's clock, for the expiry warning. */
  session: { response: z.object({ expiresAt: z.number(), now: z.number() }) },
  extendSession: { response: z.object({ expiresAt: z.number() }) },
  /** The password asked again before secrets leave; rate-limited like sign-in. */
  confirmPassword: { body: confirmPasswordBody, response: confirmationSchema },
  /** Where signing out sends the browser (the organization's provider), or null. */
  signOutUrl: { response: z.object({ url: z.string().nullable() }) },
  events: { query: eventsQuery, response: eventPageSchema },
  /** Deletes the account and everything of it; ends the session. */
  deleteAccount: { body: deleteAccountBody, response: z.null() },
  /** The charities on offer (the spec's "companies for donation"), the first few by name. */
  charities: { response: z.array(charitySchema) },
  /** The charities whose name holds the text. */
  searchCharities: {
    params: z.object({ searchText: z.string().max(200) }),
    response: z.array(charitySchema),
  },
  /** The charity the account chose, or null. */
  donation: { response: donationSchema },
  /** Picks (or changes) the charity; the spec's query parameter. */
  donateTo: {
    query: z.object({ companyId: z.string().min(1, { error: "errors:fields.required" }).max(64) }),
    response: z.object({ companyId: z.string() }),
  },
  clearDonation: { response: donationSchema },
};
