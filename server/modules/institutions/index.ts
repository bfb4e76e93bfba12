import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetInstitutions } from "./routes.ts";
import { institutionSearchSource } from "./search-source.ts";

/** Institutions as a kind of the owner's file (server/file/kinds.ts). */
export const institutionKind: FileKindDescriptor = {
  kind: "institution",
  module: "institutions",
  search: (db) => institutionSearchSource(db),
  forget: () => forgetInstitutions,
};
