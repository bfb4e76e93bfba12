import type { binderTypes } from "./binder.types.ts";
import { defineOperations } from "./contract.ts";

/** The emergency binder, a PDF: the owner's (the whole file or one module) and a released nominee's. */
export const binderApi = defineOperations<typeof binderTypes>()({
  owner: { method: "GET", path: "/api/binder", access: "subscriber", produces: "application/pdf" },
  nominee: {
    method: "GET",
    path: "/api/shared/nominee/:nomineeId/binder",
    access: "nominee",
    produces: "application/pdf",
  },
});
