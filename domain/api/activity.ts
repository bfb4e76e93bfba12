import type { activityTypes } from "./activity.types.ts";
import { defineOperations } from "./contract.ts";

/** The owner's activity log: reveals, downloads, nominees' reads and collaborators' changes. */
export const activityApi = defineOperations<typeof activityTypes>()({
  list: { method: "GET", path: "/api/account/activity", access: "user" },
});
