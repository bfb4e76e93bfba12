import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetComments } from "./routes.ts";

/** Comments as a kind of the owner's file (server/file/kinds.ts): not searched. */
export const commentKind: FileKindDescriptor = {
  kind: "comment",
  module: "comments",
  forget: () => forgetComments,
};
