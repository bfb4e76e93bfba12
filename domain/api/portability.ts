import { defineOperations } from "./contract.ts";
import type { portabilityTypes } from "./portability.types.ts";

/** The owner's whole file out (anyone's own) and back in (the full file's). */
export const portabilityApi = defineOperations<typeof portabilityTypes>()({
  export: { method: "GET", path: "/api/export", access: "user" },
  import: { method: "POST", path: "/api/import", access: "subscriber" },
});
