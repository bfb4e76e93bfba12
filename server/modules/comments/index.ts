import type { FileKindDescriptor } from "../../file/kind.ts";
import { commentPortability } from "./portability.ts";
import { commentRepository } from "./repository.ts";
import { commentRoutes } from "./routes.ts";

/** Comments as a kind of the owner's file (server/file/kinds.ts), not searched; an account's comments go with it. */
export const commentKind: FileKindDescriptor = {
  kind: "comment",
  module: "comments",
  forget: () => (userId, trx) => commentRepository(trx).deleteAllOf(userId),

  // Export and import (server/modules/portability).
  portability: commentPortability,
  routes: {
    areas: ["comments"],
    // Each call names its subject (a record, a person), which a collaborator's call holds to the scope once read.
    opens: () => true,
    mount: async (app, context) => {
      await app.register(commentRoutes, context);
    },
  },
};
export { commentReader } from "./reader.ts";
export { deleteCommentsOf } from "./subject-comments.ts";
