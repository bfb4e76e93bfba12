import { defineOperations } from "./contract.ts";
import type { remindersTypes } from "./reminders.types.ts";

/** The caller's reminders: a subscriber's or a company account member's, as the records are. */
export const remindersApi = defineOperations<typeof remindersTypes>()({
  upcoming: { method: "GET", path: "/api/reminders", access: "subscriber" },
});
