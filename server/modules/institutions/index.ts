import type { FileKindDescriptor } from "../../file/kind.ts";
import { referenceRoutes } from "../../file/reference-routes.ts";
import { institutionBinder } from "./binder-chapter.ts";
import { institutionPortability } from "./portability.ts";
import { institutionRepository } from "./repository.ts";
import { institutionSearchSource } from "./search-source.ts";
import { institutionShareRule } from "./share-rule.ts";

/** Institutions as a kind of the owner's file (server/file/kinds.ts); an account's institutions go with it. */
export const institutionKind: FileKindDescriptor = {
  kind: "institution",
  module: "institutions",
  search: (db) => institutionSearchSource(db),
  forget: () => (userId, trx) => institutionRepository(trx).deleteAllOf(userId),

  // Export and import (server/modules/portability).
  portability: institutionPortability,
  binder: institutionBinder,
  inPersonalNetwork: true,
  sharing: institutionShareRule,
  routes: referenceRoutes("institutions"),
};
export { institutionAddressUse } from "./address-use.ts";
export { type InstitutionReader, institutionReader } from "./reader.ts";
