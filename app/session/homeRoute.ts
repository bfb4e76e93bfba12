/** Where each kind of visitor lands; the routes are the spec's section 2. */
export const LOGIN_PATH = "/login";
export const SIGNOUT_PATH = "/signout";
export const PERSONAL_NETWORK_PATH = "/dashboard/personal-network";
export const MY_SUBSCRIPTION_PATH = "/dashboard/manage-account/my-subscription";

/**
 * The spec's rule for "/": signed out goes to sign-in; a subscriber or b2b user (both roles:
 * the first branch) goes to the personal network; anyone else signed in goes to subscribe.
 * `roles` is null when nobody is signed in.
 */
export function homeRouteFor(roles: readonly string[] | null): string {
  if (roles === null) return LOGIN_PATH;
  if (roles.includes("subscriber") || roles.includes("b2b")) return PERSONAL_NETWORK_PATH;
  return MY_SUBSCRIPTION_PATH;
}
