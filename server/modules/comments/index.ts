import type { FileKindDescriptor } from "../../file/kind.ts";
import { commentPortability } from "./portability.ts";
import { commentRepository } from "./repository.ts";

/** Comments as a kind of the owner's file (server/file/kinds.ts), not searched; an account's comments go with it. */
export const commentKind: FileKindDescriptor = {
  kind: "comment",
  module: "comments",
  forget: () => (userId, trx) => commentRepository(trx).deleteAllOf(userId),

  // Export and import (server/modules/portability).
  portability: commentPortability,
};
export { commentReader } from "./reader.ts";
export { deleteCommentsOf } from "./subject-comments.ts";
