import { accountApi } from "../../domain/api/account.ts";
import { authApi } from "../../domain/api/auth.ts";
import { authOptionsApi } from "../../domain/api/authOptions.ts";
import type { AnswerOf } from "../../domain/api/contract.ts";
import type { Language } from "../../domain/catalog/languages.ts";
import { INVITATION_PARAM } from "../../domain/schemas/invitation.ts";
import { callApi } from "../api/client.ts";
import { isReturnPath, LOGIN_PATH, RETURN_PARAM } from "./homeRoute.ts";

/*
 * The identity calls of the public pages, to better-auth at /api/auth (answers re-worded in our
 * error format by the server). Each page shows its own refusals, so a 401 here never triggers the
 * app-wide "session ended" redirect.
 */

/** Where the server sends the reader back to after following an email link or the provider. */
const AUTH_RETURN_PATHS = {
  /** Success adds nothing more; a bad link adds `error=<CODE>` (better-auth appends it). */
  emailVerified: `${LOGIN_PATH}?verified=1`,
  /** better-auth adds `?token=` for a valid link and `?error=INVALID_TOKEN` for a bad one. */
  resetPassword: "/reset-password",
  /** The identity provider's callback page (spec section 2); errors come back as `?error=`. */
  providerCallback: "/implicit/callback",
} as const;

/** Each page shows its refusals itself. */
const OWN_REFUSALS = { redirectOnUnauthorized: false } as const;

/** Which ways of signing in this server offers. */
export type AuthOptions = AnswerOf<typeof authOptionsApi.options>;

export function fetchAuthOptions(): Promise<AuthOptions> {
  return callApi(authOptionsApi.options, OWN_REFUSALS);
}

/** "twoFactor" when the password was right and the account asks for a second factor. */
export type SignInOutcome = "signedIn" | "twoFactor";

export async function signInWithEmail(email: string, password: string): Promise<SignInOutcome> {
  const answer = await callApi(authApi.signInEmail, { body: { email, password }, ...OWN_REFUSALS });
  return "twoFactorRedirect" in answer && answer.twoFactorRedirect ? "twoFactor" : "signedIn";
}

export type SecondFactor = "totp" | "backupCode";

/** Completes a sign-in that asked for a second factor; a trusted device skips it for 30 days. */
export async function verifySecondFactor(
  kind: SecondFactor,
  code: string,
  trustDevice: boolean,
): Promise<void> {
  const operation = kind === "totp" ? authApi.verifyTotp : authApi.verifyBackupCode;
  await callApi(operation, { body: { code, trustDevice }, ...OWN_REFUSALS });
}

export type SignUp = { name: string; email: string; password: string; lang: Language };

/**
 * An email already registered answers like a new one (the server mails its owner instead). The
 * verification link leads to sign-in, with the address filled in, then to `next` (an invitation's
 * activation, say) if given, still naming the company whose invitation it is.
 */
export async function signUpWithEmail(
  form: SignUp,
  next?: string | null,
  invitation?: string | null,
): Promise<void> {
  const params = new URLSearchParams({ [SIGN_IN_EMAIL_PARAM]: form.email });
  if (isReturnPath(next)) params.set(RETURN_PARAM, next);
  if (invitation) params.set(INVITATION_PARAM, invitation);
  await callApi(authApi.signUpEmail, {
    body: { ...form, callbackURL: `${AUTH_RETURN_PATHS.emailVerified}&${params}` },
    ...OWN_REFUSALS,
  });
}

/** The address the sign-in form starts with, when the link that opened it knows it. */
export const SIGN_IN_EMAIL_PARAM = "email";

export async function sendVerificationEmail(email: string): Promise<void> {
  const callbackURL = `${AUTH_RETURN_PATHS.emailVerified}&${new URLSearchParams({ [SIGN_IN_EMAIL_PARAM]: email })}`;
  await callApi(authApi.sendVerificationEmail, { body: { email, callbackURL }, ...OWN_REFUSALS });
}

/** Answers alike whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await callApi(authApi.requestPasswordReset, {
    body: { email, redirectTo: AUTH_RETURN_PATHS.resetPassword },
    ...OWN_REFUSALS,
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await callApi(authApi.resetPassword, { body: { token, newPassword }, ...OWN_REFUSALS });
}

/** Starts sign-in with the external OpenID Connect provider: the address to send the browser to. */
export async function startProviderSignIn(): Promise<string> {
  const { url } = await callApi(authApi.signInSocial, {
    body: {
      provider: "oidc",
      callbackURL: AUTH_RETURN_PATHS.providerCallback,
      errorCallbackURL: AUTH_RETURN_PATHS.providerCallback,
    },
    ...OWN_REFUSALS,
  });
  return url;
}

/** The provider's logout address for a session opened through it; null for any other session. */
export async function fetchSignoutUrl(): Promise<string | null> {
  try {
    const { url } = await callApi(accountApi.signOutUrl, OWN_REFUSALS);
    return typeof url === "string" && url !== "" ? url : null;
  } catch {
    return null;
  }
}

/** Ends the session cookie's session, if any. Failing (no session, offline) leaves nothing to end. */
export async function endSession(): Promise<void> {
  try {
    await callApi(authApi.signOut, { body: {}, ...OWN_REFUSALS });
  } catch {
    // Nothing more can be done from here: the cookie is httpOnly and the server refused or is away.
  }
}
