import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetAddresses } from "./routes.ts";
import { addressSearchSource } from "./search-source.ts";

/** Addresses as a kind of the owner's file (server/file/kinds.ts). */
export const addressKind: FileKindDescriptor = {
  kind: "address",
  module: "addresses",
  search: (db) => addressSearchSource(db),
  forget: () => forgetAddresses,
};
