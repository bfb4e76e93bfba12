import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetDocuments } from "./routes.ts";
import { documentSearchSource } from "./search-source.ts";

/** Documents as a kind of the owner's file (server/file/kinds.ts). */
export const documentKind: FileKindDescriptor = {
  kind: "document",
  module: "documents",
  search: (db, dataKeys) => documentSearchSource(db, dataKeys),
  forget: ({ blobs }) => forgetDocuments(blobs),
};
