import { defineOperations } from "./contract.ts";
import type { sharedDocumentsTypes } from "./sharedDocuments.types.ts";

/** A file shared with me: its documents, for a nominee the owner released them to. */
export const sharedDocumentsApi = defineOperations<typeof sharedDocumentsTypes>()({
  list: { method: "GET", path: "/api/shared/nominee/:nomineeId/documents", access: "nominee" },
  ofRecord: {
    method: "GET",
    path: "/api/shared/nominee/:nomineeId/documents/record/:recordId",
    access: "nominee",
  },
  read: { method: "GET", path: "/api/shared/nominee/:nomineeId/document/:id", access: "nominee" },
  download: {
    method: "GET",
    path: "/api/shared/:nomineeId/:documentType/:documentId/download/:fileName/",
    access: "nominee",
  },
});
