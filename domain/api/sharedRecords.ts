import { defineOperations } from "./contract.ts";
import type { sharedRecordsTypes } from "./sharedRecords.types.ts";

const base = "/api/shared/nominee/:nomineeId/records/:module";

/** A file shared with me: its records, for a nominee the owner released them to. */
export const sharedRecordsApi = defineOperations<typeof sharedRecordsTypes>()({
  count: { method: "GET", path: `${base}/count`, access: "nominee" },
  list: { method: "GET", path: `${base}/:category`, access: "nominee" },
  read: { method: "GET", path: `${base}/:category/:id`, access: "nominee" },
});
