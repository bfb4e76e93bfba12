import type { authOptionsTypes } from "./authOptions.types.ts";
import { defineOperations } from "./contract.ts";

/** What the sign-in page offers, asked before anyone signs in. */
export const authOptionsApi = defineOperations<typeof authOptionsTypes>()({
  options: { method: "GET", path: "/api/auth-options", access: "anonymous" },
});
