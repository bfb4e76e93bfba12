import { defineOperations } from "./contract.ts";
import type { nomineesTypes } from "./nominees.types.ts";

const one = "/api/shared/nominees/:id";

/** Shared by me: the owner's nominees (a subscriber's or a company account member's). */
export const nomineesApi = defineOperations<typeof nomineesTypes>()({
  create: { method: "POST", path: "/api/shared/nominees", access: "subscriber" },
  list: { method: "GET", path: "/api/shared/nominees", access: "subscriber" },
  read: { method: "GET", path: one, access: "subscriber" },
  update: { method: "PUT", path: one, access: "subscriber" },
  remove: { method: "DELETE", path: one, access: "subscriber", status: 204 },
  resend: { method: "POST", path: `${one}/resend`, access: "subscriber" },
  cancel: { method: "POST", path: `${one}/cancel`, access: "subscriber" },
  revoke: { method: "POST", path: `${one}/revoke`, access: "subscriber" },
  grant: { method: "POST", path: `${one}/grant`, access: "subscriber" },
  approve: { method: "POST", path: `${one}/approve`, access: "subscriber" },
  decline: { method: "POST", path: `${one}/decline`, access: "subscriber" },
  log: { method: "GET", path: `${one}/log`, access: "subscriber" },
  // Anonymous with the sign checked by the service: a refused link answers 400 invalid_signature.
  previewByLink: { method: "GET", path: "/api/shared/owner/approve/:nomineeId", access: "anonymous" },
  answerByLink: {
    method: "POST",
    path: "/api/shared/owner/approve/:nomineeId/:approve",
    access: "anonymous",
  },
});
