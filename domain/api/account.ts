import type { accountTypes } from "./account.types.ts";
import { defineOperations } from "./contract.ts";

/**
 * The signed-in person's own account: whose it is, is always the session's. With it, the charity
 * the account donates to, and the search of charities (the spec's path, under /api/b2b).
 */
export const accountApi = defineOperations<typeof accountTypes>()({
  account: { method: "GET", path: "/api/account/account", access: "user" },
  save: { method: "POST", path: "/api/account/save", access: "user" },
  splash: { method: "POST", path: "/api/account/splash", access: "user" },
  splashMobile: { method: "POST", path: "/api/account/splashmobile", access: "user" },
  session: { method: "GET", path: "/api/account/session", access: "user" },
  extendSession: { method: "POST", path: "/api/account/session/extend", access: "user" },
  confirmPassword: { method: "POST", path: "/api/account/confirm-password", access: "user" },
  signOutUrl: { method: "GET", path: "/api/account/signout-url", access: "user" },
  events: { method: "GET", path: "/api/account/events", access: "user" },
  deleteAccount: { method: "DELETE", path: "/api/account", access: "user", status: 204 },
  charities: { method: "GET", path: "/api/b2b/companies/", access: "user" },
  searchCharities: { method: "GET", path: "/api/b2b/companies/:searchText", access: "user" },
  donation: { method: "GET", path: "/api/account/donation", access: "user" },
  donateTo: { method: "POST", path: "/api/account/donateTo/", access: "user" },
  clearDonation: { method: "DELETE", path: "/api/account/donation", access: "user" },
});
