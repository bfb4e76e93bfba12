import { defineOperations } from "./contract.ts";
import type { searchTypes } from "./search.types.ts";

/** Search: any signed-in account (the personal network is everyone's, the rest the full file's). */
export const searchApi = defineOperations<typeof searchTypes>()({
  search: { method: "GET", path: "/api/search", access: "user" },
});
