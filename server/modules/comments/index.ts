import type { FileKindDescriptor } from "../../file/kind.ts";
import { commentRepository } from "./repository.ts";

/** Comments as a kind of the owner's file (server/file/kinds.ts), not searched; an account's comments go with it. */
export const commentKind: FileKindDescriptor = {
  kind: "comment",
  module: "comments",
  forget: () => (userId, trx) => commentRepository(trx).deleteAllOf(userId),
};
export { commentReader } from "./reader.ts";
export { insertCommentRows, restoredCommentRows } from "./restore.ts";
export { deleteCommentsOf } from "./subject-comments.ts";
