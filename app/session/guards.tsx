import { Navigate, Outlet, useLocation } from "react-router";
import { hasFullAccess, ROLES } from "../../domain/roles.ts";
import type { Account } from "../../domain/schemas/account.ts";
import { ApiError } from "../api/client.ts";
import { NotFoundContent } from "../features/not-found/NotFoundPage.tsx";
import { PageLoader } from "../shell/PageLoader.tsx";
import { useAccount } from "./account.ts";
import { homeRouteFor, loginPathFor } from "./homeRoute.ts";
import { SubscriptionRequired } from "./SubscriptionRequired.tsx";
import { useAccountPreferences } from "./useAccountPreferences.ts";

/*
 * Route guards. RequireSession sits above every signed-in route and loads the account; the role
 * gates below it read the same cached account.
 */

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The account while it loads (undefined), or a 401 marker, or the account; other failures throw. */
function useSessionAccount(): Account | "signedOut" | undefined {
  const query = useAccount();
  if (isUnauthenticated(query.error)) return "signedOut";
  if (query.data) return query.data;
  if (query.isError) throw query.error;
  return undefined;
}

/** Signed-in routes: no session goes to sign-in; the account's language and theme apply. */
export function RequireSession() {
  const account = useSessionAccount();
  const location = useLocation();
  useAccountPreferences(typeof account === "object" ? account : undefined);
  if (account === "signedOut") {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (account === undefined) return <PageLoader />;
  return <Outlet />;
}

/** The spec's "/": where the visitor belongs, by session and roles. */
export function HomeRedirect() {
  const account = useSessionAccount();
  if (account === undefined) return <PageLoader />;
  return <Navigate to={homeRouteFor(account === "signedOut" ? null : account.roles)} replace />;
}

/** Below RequireSession the account is in the cache: its roles, or none while it refreshes. */
function useRoles(): readonly string[] {
  return useAccount().data?.roles ?? [];
}

/** /admin: platform administrators only; anyone else is told there is no such page. */
export function RequireAdmin() {
  return useRoles().includes(ROLES.admin) ? <Outlet /> : <NotFoundContent />;
}

/** Sections beyond Personal Network and Shared Data need a subscriber or b2b account (spec section 6). */
export function RequireFullAccess() {
  return hasFullAccess(useRoles()) ? <Outlet /> : <SubscriptionRequired />;
}
