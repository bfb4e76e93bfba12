import { defineOperations } from "./contract.ts";
import type { personsTypes } from "./persons.types.ts";

/** The personal network's persons: the signed-in user's own, with no subscription needed but to delete. */
export const personsApi = defineOperations<typeof personsTypes>()({
  own: { method: "GET", path: "/api/pn/person", access: "user" },
  save: { method: "POST", path: "/api/pn/person", access: "user" },
  list: { method: "GET", path: "/api/pn/person/:group", access: "user" },
  read: { method: "GET", path: "/api/pn/person/:group/:id", access: "user" },
  remove: { method: "DELETE", path: "/api/pn/person/:id", access: "user", status: 204 },
  csv: { method: "GET", path: "/api/pn/person/:group/csv", access: "user" },
  vcardExport: { method: "GET", path: "/api/pn/person/vcard", access: "user" },
  vcardImport: { method: "POST", path: "/api/pn/person/vcard", access: "user" },
  vcardDecide: { method: "POST", path: "/api/pn/person/vcard/decisions", access: "user" },
});
