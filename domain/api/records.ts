import { defineOperations } from "./contract.ts";
import type { recordsTypes } from "./records.types.ts";

/** The records of every declared category: a subscriber's or a company account member's own. */
export const recordsApi = defineOperations<typeof recordsTypes>()({
  count: { method: "GET", path: "/api/records/:module/count", access: "subscriber" },
  list: { method: "GET", path: "/api/records/:module/:category", access: "subscriber" },
  create: { method: "POST", path: "/api/records/:module/:category", access: "subscriber" },
  read: { method: "GET", path: "/api/records/:module/:category/:id", access: "subscriber" },
  replace: { method: "PUT", path: "/api/records/:module/:category/:id", access: "subscriber" },
  remove: { method: "DELETE", path: "/api/records/:module/:category/:id", access: "subscriber", status: 204 },
  csv: { method: "GET", path: "/api/records/:module/:category/csv", access: "subscriber" },
});
