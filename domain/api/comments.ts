import type { commentsTypes } from "./comments.types.ts";
import { defineOperations } from "./contract.ts";

/** Comments on the caller's own records and persons (a record's need what records need). */
export const commentsApi = defineOperations<typeof commentsTypes>()({
  list: { method: "GET", path: "/api/comments/:subjectKind/:subjectId", access: "user" },
  create: { method: "POST", path: "/api/comments/:subjectKind/:subjectId", access: "user" },
  update: { method: "PUT", path: "/api/comments/:id", access: "user" },
  remove: { method: "DELETE", path: "/api/comments/:id", access: "user", status: 204 },
});
