/** What other modules may use of the admin area: the audit log they append their admins' actions to. */
export { audit } from "./audit.ts";
