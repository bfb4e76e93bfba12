import { z } from "zod";
import { LANGUAGES } from "../catalog/languages.ts";

/*
 * better-auth's endpoints at /api/auth, as it answers them (its bodies pass through untouched:
 * server/auth/routes.ts). Its objects carry more than the app reads, so they are declared open.
 */

/** An account as better-auth answers it. */
const user = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});

/** A signed-in session as better-auth answers it. */
const session = z.looseObject({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

const passkey = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  createdAt: z.string(),
  deviceType: z.string().optional(),
});

/** A session opened: its token and account (a sign-up waiting for its address to be verified opens none). */
const signedIn = z.object({ token: z.string().nullable(), user });

const status = z.object({ status: z.boolean() });

/** A second factor's code, and whether this browser may skip it for a while. */
const secondFactor = z.object({ code: z.string(), trustDevice: z.boolean().optional() });

export const authTypes = {
  signInEmail: {
    body: z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean().optional(),
      callbackURL: z.string().optional(),
    }),
    /** Signed in, or the password was right and the account asks for its second factor. */
    response: z.union([
      z.object({
        redirect: z.boolean(),
        token: z.string(),
        url: z.string().optional(),
        user,
      }),
      z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()).optional() }),
    ]),
  },
  signUpEmail: {
    body: z.object({
      name: z.string(),
      email: z.string(),
      password: z.string(),
      lang: z.enum(LANGUAGES),
      callbackURL: z.string().optional(),
    }),
    response: signedIn,
  },
  requestPasswordReset: {
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
    /** The same answer whether or not the address has an account. */
    response: z.object({ status: z.boolean(), message: z.string() }),
  },
  sendVerificationEmail: {
    body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
    response: status,
  },
  verifyTotp: { body: secondFactor, response: signedIn },
  verifyBackupCode: { body: secondFactor, response: signedIn },
  verifyOtp: { body: secondFactor, response: signedIn },
  /** The mailed unlock link's signed query; this browser becomes known for the address. */
  unlockSignIn: {
    query: z.object({
      email: z.string().max(320).optional(),
      expires: z.string().max(20).optional(),
      sig: z.string().max(200).optional(),
    }),
    response: z.object({ unlocked: z.literal(true) }),
  },
  resetPassword: {
    body: z.object({ token: z.string(), newPassword: z.string() }),
    response: status,
  },
  /** Starts sign-in with the identity provider: the address to send the browser to. */
  signInSocial: {
    body: z.object({
      provider: z.string(),
      callbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
    }),
    response: z.object({ url: z.string(), redirect: z.boolean() }),
  },
  /** Ends the session; `url` is the provider's logout address for a session opened through it. */
  signOut: {
    body: z.object({}),
    response: z.object({
      success: z.boolean(),
      url: z.string().optional(),
      redirect: z.boolean().optional(),
    }),
  },
  /** Confirms an address; with a callbackURL it redirects there instead of answering. */
  verifyEmail: {
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    response: z.object({ status: z.boolean(), user: user.nullable() }),
  },
  getSession: { response: z.object({ session, user }).nullable() },
  listSessions: { response: z.array(session) },
  revokeSession: { body: z.object({ token: z.string() }), response: status },
  revokeOtherSessions: { body: z.object({}), response: status },
  changeEmail: {
    body: z.object({ newEmail: z.string(), callbackURL: z.string().optional() }),
    response: status,
  },
  changePassword: {
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
    response: z.object({ token: z.string().nullable(), user }),
  },
  enableTwoFactor: {
    body: z.object({ password: z.string() }),
    response: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
  },
  disableTwoFactor: { body: z.object({ password: z.string() }), response: status },
  generateBackupCodes: {
    body: z.object({ password: z.string() }),
    response: z.object({ status: z.boolean(), backupCodes: z.array(z.string()) }),
  },
  listPasskeys: { response: z.array(passkey) },
  updatePasskey: { body: z.object({ id: z.string(), name: z.string() }), response: z.object({ passkey }) },
  deletePasskey: { body: z.object({ id: z.string() }), response: status },
  /** The identity provider sends the browser back here; better-auth then redirects it to the app. */
  providerCallback: {
    params: z.object({ providerId: z.string().max(64) }),
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    response: z.null(),
  },
  /** The mailed reset link: redirects to the app's reset page with its token, or an error. */
  resetPasswordLink: {
    params: z.object({ token: z.string().max(200) }),
    query: z.object({ callbackURL: z.string() }),
    response: z.null(),
  },
  /**
   * better-auth's other endpoints (the passkey ceremonies, the provider's flows, the admin plugin's):
   * a JSON answer of better-auth's own, or a redirect.
   */
  otherRead: { response: z.json().describe("better-auth's own JSON answer") },
  otherWrite: { response: z.json().describe("better-auth's own JSON answer") },
};
