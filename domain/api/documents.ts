import { defineOperations } from "./contract.ts";
import type { documentsTypes } from "./documents.types.ts";

const base = "/api/documents/:module/:type/:id";

/** The owner's documents: the record modules', so a subscriber's or a company account member's. */
export const documentsApi = defineOperations<typeof documentsTypes>()({
  save: { method: "POST", path: "/api/documents", access: "subscriber" },
  upload: { method: "POST", path: `${base}/upload`, access: "subscriber" },
  list: { method: "GET", path: "/api/documents/:module/type/:type", access: "subscriber" },
  counts: { method: "GET", path: "/api/documents/:module/count", access: "subscriber" },
  countAssigned: { method: "GET", path: "/api/documents/:module/:subtype/:type/count", access: "subscriber" },
  onRecords: { method: "GET", path: "/api/documents/on-records", access: "subscriber" },
  attachedTo: { method: "GET", path: "/api/documents/file/list/document/:id", access: "subscriber" },
  read: { method: "GET", path: base, access: "subscriber" },
  download: { method: "GET", path: `${base}/download/:fileName/`, access: "subscriber" },
  downloadFiled: {
    method: "GET",
    path: "/api/documents/:module/:subtype/:type/:id/download/:fileName/",
    access: "subscriber",
  },
  removeFile: { method: "DELETE", path: `${base}/delete/:fileName/`, access: "subscriber", status: 204 },
  discardPending: { method: "DELETE", path: "/api/documents/pending/:id", access: "subscriber", status: 204 },
  remove: { method: "DELETE", path: base, access: "subscriber", status: 204 },
});
