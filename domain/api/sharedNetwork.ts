import { defineOperations } from "./contract.ts";
import type { sharedNetworkTypes } from "./sharedNetwork.types.ts";

/** A file shared with me: its personal network, for a nominee the owner released it to. */
export const sharedNetworkApi = defineOperations<typeof sharedNetworkTypes>()({
  persons: { method: "GET", path: "/api/shared/nominee/:nomineeId/persons", access: "nominee" },
  person: { method: "GET", path: "/api/shared/nominee/person/:id", access: "nominee" },
  address: { method: "GET", path: "/api/shared/nominee/addresses/:id", access: "nominee" },
  institution: { method: "GET", path: "/api/shared/nominee/institutions/:id", access: "nominee" },
});
