import type { FileKindDescriptor } from "../../file/kind.ts";
import { institutionRepository } from "./repository.ts";
import { institutionSearchSource } from "./search-source.ts";
import { institutionShareRule } from "./share-rule.ts";

/** Institutions as a kind of the owner's file (server/file/kinds.ts); an account's institutions go with it. */
export const institutionKind: FileKindDescriptor = {
  kind: "institution",
  module: "institutions",
  search: (db) => institutionSearchSource(db),
  forget: () => (userId, trx) => institutionRepository(trx).deleteAllOf(userId),
  inPersonalNetwork: true,
  sharing: institutionShareRule,
};
export { institutionAddressUse } from "./address-use.ts";
export { type InstitutionReader, institutionReader } from "./reader.ts";
export { insertInstitutionRows, institutionRows } from "./restore.ts";
