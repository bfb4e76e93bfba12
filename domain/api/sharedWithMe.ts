import { defineOperations } from "./contract.ts";
import type { sharedWithMeTypes } from "./sharedWithMe.types.ts";

/** Shared with me: any signed-in account (nominees need no subscription). */
export const sharedWithMeApi = defineOperations<typeof sharedWithMeTypes>()({
  list: { method: "GET", path: "/api/shared/with-me", access: "user" },
  accept: { method: "POST", path: "/api/shared/nominee/:id/accept", access: "user" },
  decline: { method: "POST", path: "/api/shared/nominee/:id/decline", access: "user" },
  request: { method: "POST", path: "/api/shared/nominee/:id/request", access: "user" },
});
