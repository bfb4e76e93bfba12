import type { FileKindDescriptor } from "../../file/kind.ts";
import { referenceRoutes } from "../../file/reference-routes.ts";
import { addressBinder } from "./binder-chapter.ts";
import { addressPortability } from "./portability.ts";
import { addressRepository } from "./repository.ts";
import { addressSearchSource } from "./search-source.ts";
import { addressShareRule } from "./share-rule.ts";

/** Addresses as a kind of the owner's file (server/file/kinds.ts); an account's addresses go with it. */
export const addressKind: FileKindDescriptor = {
  kind: "address",
  module: "addresses",
  search: (db) => addressSearchSource(db),
  // Persons and institutions are deleted too; their references are foreign keys set to null anyway.
  forget: () => (userId, trx) => addressRepository(trx).deleteAllOf(userId),

  // Export and import (server/modules/portability).
  portability: addressPortability,
  binder: addressBinder,
  inPersonalNetwork: true,
  sharing: () => addressShareRule,
  routes: referenceRoutes("address"),
};
export type { AddressUse } from "./address-use.ts";
export { cardAddresses, cardAddressFrom } from "./card-addresses.ts";
export { addressReader } from "./reader.ts";
