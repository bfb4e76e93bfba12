import { defineOperations } from "./contract.ts";
import type { homeTypes } from "./home.types.ts";

/** The home screen: a subscriber's or a company account member's, as the records are. */
export const homeApi = defineOperations<typeof homeTypes>()({
  home: { method: "GET", path: "/api/home", access: "subscriber" },
  markNotApplicable: {
    method: "PUT",
    path: "/api/home/not-applicable/:module/:category",
    access: "subscriber",
    status: 204,
  },
  unmarkNotApplicable: {
    method: "DELETE",
    path: "/api/home/not-applicable/:module/:category",
    access: "subscriber",
    status: 204,
  },
});
