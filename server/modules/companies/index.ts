/**
 * What other modules may use of companies (billing's portal, the admin area): an account's
 * company, the company it runs, and the totals. The app's composition root mounts the routes and
 * builds the service from their own files.
 */
export {
  activeCompanyOf,
  administeredCompany,
  companyTotals,
  membershipForRoles,
  membersPaidBy,
} from "./membership-reader.ts";
