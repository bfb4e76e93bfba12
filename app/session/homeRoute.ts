import { hasFullAccess } from "../../domain/roles.ts";
import { INVITATION_PARAM, INVITATION_TOKEN_PATTERN } from "../../domain/schemas/invitation.ts";
import { LANDING_SCREEN } from "../../web/prerendered-pages.ts";

/** Where each kind of visitor lands; the routes are the spec's section 2. */
export const LOGIN_PATH = "/login";
export const SIGNOUT_PATH = "/signout";
/** The home: the file's progress and its next steps. */
export const HOME_PATH = LANDING_SCREEN.path;
export const PERSONAL_NETWORK_PATH = "/dashboard/personal-network";
export const MY_SUBSCRIPTION_PATH = "/dashboard/manage-account/my-subscription";
export const MY_ACCOUNT_PATH = "/dashboard/manage-account";
export const ADMIN_PATH = "/admin";
/** A company's area: its admins run it; anyone may create a company there. */
export const COMPANY_PATH = "/b2b";

/**
 * The rule for "/": signed out goes to sign-in; a subscriber or b2b user (both roles: the first
 * branch) goes to the home; anyone else signed in goes to subscribe.
 * `roles` is null when nobody is signed in.
 */
export function homeRouteFor(roles: readonly string[] | null): string {
  if (roles === null) return LOGIN_PATH;
  if (hasFullAccess(roles)) return HOME_PATH;
  return MY_SUBSCRIPTION_PATH;
}

/**
 * Where a successful sign-in goes: the page asked for before signing in, else where "/" would
 * send the account (the home, with what to do first, for a full-access account).
 */
export function signedInDestination(roles: readonly string[], next?: string | null): string {
  if (isReturnPath(next)) return next;
  return homeRouteFor(roles);
}

/** The query parameter naming the page a signed-out visitor asked for, reopened after sign-in. */
export const RETURN_PARAM = "next";

/**
 * Only a page of the dashboard or the company area (an invitation's activation link) may be
 * returned to: an address elsewhere ("//evil.example", "https://...") would let a crafted sign-in
 * link send a person off-site.
 */
export function isReturnPath(path: string | null | undefined): path is string {
  return typeof path === "string" && /^\/(dashboard|b2b)(\/[\w\-/]*)?(\?[\w\-=&%.]*)?$/.test(path);
}

/** A public page's address, carrying the page to return to after signing in, when there is one. */
export function withReturnPath(path: string, next: string | null | undefined): string {
  return isReturnPath(next) ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: next })}` : path;
}

/** A company invitation's token from an address's query (its mail's register link), or null. */
export function invitationTokenOf(searchParams: URLSearchParams): string | null {
  const token = searchParams.get(INVITATION_PARAM);
  return token !== null && INVITATION_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * The address of another sign-in or register page, keeping what this one was opened with: the
 * page to return to and the company invitation it names.
 */
export function authPageLink(path: string, searchParams: URLSearchParams): string {
  const params = new URLSearchParams();
  const next = searchParams.get(RETURN_PARAM);
  if (isReturnPath(next)) params.set(RETURN_PARAM, next);
  const invitation = invitationTokenOf(searchParams);
  if (invitation !== null) params.set(INVITATION_PARAM, invitation);
  return params.size === 0 ? path : `${path}?${params}`;
}

/** /login, remembering the page a signed-out visitor asked for. */
export function loginPathFor(path: string): string {
  return withReturnPath(LOGIN_PATH, path);
}

/** Marks a sign-out the session's end caused (not the person): sign-in then says why. */
export const SESSION_ENDED_PARAM = "expired";

/**
 * /signout for a session that ended (expired, revoked elsewhere, its renewal refused), carrying
 * the page the person was on, to reopen after they sign in again.
 */
export function sessionEndedPath(currentPath: string): string {
  const params = new URLSearchParams({ [SESSION_ENDED_PARAM]: "1" });
  if (isReturnPath(currentPath)) params.set(RETURN_PARAM, currentPath);
  return `${SIGNOUT_PATH}?${params}`;
}
