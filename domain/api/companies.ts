import type { companiesTypes } from "./companies.types.ts";
import { defineOperations } from "./contract.ts";

/**
 * Companies (the spec's b2b mode). Creating a company, reading one's own, leaving it and taking
 * a seat are any signed-in account's; the rest is its admins', and to anyone else does not exist.
 */
export const companiesApi = defineOperations<typeof companiesTypes>()({
  create: { method: "POST", path: "/api/b2b/company", access: "user" },
  update: { method: "PUT", path: "/api/b2b/company", access: "companyAdmin" },
  changeSeats: { method: "PUT", path: "/api/b2b/company/seats", access: "companyAdmin" },
  company: { method: "GET", path: "/api/b2b/company", access: "user" },
  leave: { method: "POST", path: "/api/b2b/account/leave", access: "user", status: 204 },
  invite: { method: "POST", path: "/api/b2b/invite", access: "companyAdmin" },
  inviteTemplate: { method: "GET", path: "/api/b2b/invite/template.csv", access: "companyAdmin" },
  inviteCsv: { method: "POST", path: "/api/b2b/invite/upload-csv-file", access: "companyAdmin" },
  activate: { method: "POST", path: "/api/b2b/account/activate", access: "user" },
  invitationPreview: { method: "GET", path: "/api/b2b/invitation/:token", access: "anonymous" },
  invitations: { method: "GET", path: "/api/b2b/invitations", access: "user" },
  accept: { method: "POST", path: "/api/b2b/invitations/:id/accept", access: "user" },
  members: { method: "GET", path: "/api/b2b/accounts/page/:page", access: "companyAdmin" },
  deactivate: { method: "GET", path: "/api/b2b/account/deactivate/:id", access: "companyAdmin" },
  reactivate: { method: "POST", path: "/api/b2b/reactivate/:id", access: "companyAdmin" },
  setAdmin: { method: "POST", path: "/api/b2b/account/admin/:id", access: "companyAdmin" },
});
