import type { FileKindDescriptor } from "../../file/kind.ts";
import { institutionBinder } from "./binder-chapter.ts";
import { institutionRepository } from "./repository.ts";
import { institutionSearchSource } from "./search-source.ts";

/** Institutions as a kind of the owner's file (server/file/kinds.ts); an account's institutions go with it. */
export const institutionKind: FileKindDescriptor = {
  kind: "institution",
  module: "institutions",
  search: (db) => institutionSearchSource(db),
  forget: () => (userId, trx) => institutionRepository(trx).deleteAllOf(userId),
  binder: institutionBinder,
};
export { institutionAddressUse } from "./address-use.ts";
export { type InstitutionReader, institutionReader } from "./reader.ts";
export { insertInstitutionRows, institutionRows } from "./restore.ts";
