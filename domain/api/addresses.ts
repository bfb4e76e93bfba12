import type { addressesTypes } from "./addresses.types.ts";
import { defineOperations } from "./contract.ts";

/** The signed-in user's own address book. */
export const addressesApi = defineOperations<typeof addressesTypes>()({
  list: { method: "GET", path: "/api/address/", access: "user" },
  save: { method: "POST", path: "/api/address/", access: "user" },
  remove: { method: "DELETE", path: "/api/address/:id", access: "user", status: 204 },
  csv: { method: "GET", path: "/api/address/csv", access: "user" },
});
