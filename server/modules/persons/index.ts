import type { FileKindDescriptor } from "../../file/kind.ts";
import { personBinder } from "./binder-chapter.ts";
import { personPortability } from "./portability.ts";
import { personRepository } from "./repository.ts";
import { personSearchSource } from "./search-source.ts";
import { personRouteRule, personShareRule } from "./share-rule.ts";

/** Persons as a kind of the owner's file (server/file/kinds.ts); an account's persons go with it. */
export const personKind: FileKindDescriptor = {
  kind: "person",
  module: "persons",
  search: (db) => personSearchSource(db),
  forget: () => (userId, trx) => personRepository(trx).deleteAllOf(userId),

  // Export and import (server/modules/portability).
  portability: personPortability,
  binder: personBinder,
  inPersonalNetwork: true,
  sharing: personShareRule,
  routes: personRouteRule,
};
export { personAddressUse } from "./address-use.ts";
export { ensureOwnPerson } from "./own-person.ts";
export { createPhotoProcessor, type PhotoProcessor } from "./photo-processor.ts";
export { isPersonOf, ownPersonNames, ownPersonProgress, type PersonReader, personReader } from "./reader.ts";
