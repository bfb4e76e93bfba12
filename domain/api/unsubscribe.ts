import { defineOperations } from "./contract.ts";
import type { unsubscribeTypes } from "./unsubscribe.types.ts";

/**
 * Turning the account's notification mail off from the email's signed link, without signing in:
 * "anonymous", with the signature checked by the route, since a refused link answers 400
 * invalid_signature rather than the access rule's 401.
 */
export const unsubscribeApi = defineOperations<typeof unsubscribeTypes>()({
  confirm: { method: "GET", path: "/api/sbs/webhook/unsubscribe", access: "anonymous" },
  oneClick: { method: "POST", path: "/api/sbs/webhook/unsubscribe", access: "anonymous" },
});
