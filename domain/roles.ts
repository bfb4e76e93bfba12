/**
 * The spec's role names, as GET /api/account answers them and the app branches on them
 * (server/auth/roles.ts decides who holds which).
 */
export const ROLES = {
  subscriber: "subscriber",
  b2b: "b2b",
  admin: "admin",
  companyAdmin: "companyAdmin",
} as const;

/** Roles that open every section: a subscription, or a seat of a company account. */
const FULL_ACCESS_ROLES: readonly string[] = [ROLES.subscriber, ROLES.b2b];

/**
 * Spec section 6: a subscriber or a b2b user uses every section and may delete; anyone else
 * signed in gets only Personal Network and Shared Data until they subscribe.
 */
export function hasFullAccess(roles: readonly string[]): boolean {
  return roles.some((role) => FULL_ACCESS_ROLES.includes(role));
}
