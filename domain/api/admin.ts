import type { adminTypes } from "./admin.types.ts";
import { defineOperations } from "./contract.ts";

/**
 * The platform admin area: accounts, their comments, the audit log, the overview, billing's
 * products, codes and charities, and companies. To anyone but a platform admin these answer 404.
 */
export const adminApi = defineOperations<typeof adminTypes>()({
  users: { method: "GET", path: "/api/admin/users", access: "platformAdmin" },
  user: { method: "GET", path: "/api/admin/users/:id", access: "platformAdmin" },
  disableUser: { method: "POST", path: "/api/admin/users/:id/disable", access: "platformAdmin" },
  enableUser: { method: "POST", path: "/api/admin/users/:id/enable", access: "platformAdmin" },
  resendVerification: {
    method: "POST",
    path: "/api/admin/users/:id/resend-verification",
    access: "platformAdmin",
  },
  setAdmin: { method: "POST", path: "/api/admin/users/:id/admin", access: "platformAdmin" },
  deleteUser: { method: "DELETE", path: "/api/admin/users/:id", access: "platformAdmin", status: 204 },
  userComments: { method: "GET", path: "/api/admin/users/:id/comments", access: "platformAdmin" },
  addUserComment: { method: "POST", path: "/api/admin/users/:id/comments", access: "platformAdmin" },
  updateComment: { method: "PUT", path: "/api/admin/comments/:id", access: "platformAdmin" },
  deleteComment: { method: "DELETE", path: "/api/admin/comments/:id", access: "platformAdmin", status: 204 },
  audit: { method: "GET", path: "/api/admin/audit", access: "platformAdmin" },
  overview: { method: "GET", path: "/api/admin/overview", access: "platformAdmin" },
  products: { method: "GET", path: "/api/admin/products", access: "platformAdmin" },
  createProduct: { method: "POST", path: "/api/admin/products", access: "platformAdmin" },
  archiveProduct: { method: "POST", path: "/api/admin/products/:id/archive", access: "platformAdmin" },
  codes: { method: "GET", path: "/api/admin/codes", access: "platformAdmin" },
  createCodes: { method: "POST", path: "/api/admin/codes", access: "platformAdmin" },
  archiveCode: { method: "POST", path: "/api/admin/codes/:id/archive", access: "platformAdmin" },
  charities: { method: "GET", path: "/api/admin/charities", access: "platformAdmin" },
  createCharity: { method: "POST", path: "/api/admin/charities", access: "platformAdmin" },
  archiveCharity: { method: "POST", path: "/api/admin/charities/:id/archive", access: "platformAdmin" },
  companies: { method: "GET", path: "/api/admin/companies", access: "platformAdmin" },
  company: { method: "GET", path: "/api/admin/companies/:id", access: "platformAdmin" },
  setCompanySeats: { method: "POST", path: "/api/admin/companies/:id/seats", access: "platformAdmin" },
});
