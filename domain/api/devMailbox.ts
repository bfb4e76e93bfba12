import { defineOperations } from "./contract.ts";
import type { devMailboxTypes } from "./devMailbox.types.ts";

/** The mail kept when no SMTP server is set, for developers and browser tests; never in production. */
export const devMailboxApi = defineOperations<typeof devMailboxTypes>()({
  list: { method: "GET", path: "/api/dev/mailbox", access: "anonymous" },
});
