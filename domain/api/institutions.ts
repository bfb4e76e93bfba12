import { defineOperations } from "./contract.ts";
import type { institutionsTypes } from "./institutions.types.ts";

/** The signed-in user's own companies (institutions). */
export const institutionsApi = defineOperations<typeof institutionsTypes>()({
  list: { method: "GET", path: "/api/institutions/", access: "user" },
  create: { method: "POST", path: "/api/institutions/", access: "user" },
  read: { method: "GET", path: "/api/institutions/:id", access: "user" },
  replace: { method: "PUT", path: "/api/institutions/:id", access: "user" },
  remove: { method: "DELETE", path: "/api/institutions/:id", access: "user", status: 204 },
  csv: { method: "GET", path: "/api/institutions/csv", access: "user" },
  vcardExport: { method: "GET", path: "/api/institutions/vcard", access: "user" },
  vcardImport: { method: "POST", path: "/api/institutions/vcard", access: "user" },
  vcardDecide: { method: "POST", path: "/api/institutions/vcard/decisions", access: "user" },
});
