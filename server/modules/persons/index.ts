import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetPersons } from "./routes.ts";
import { personSearchSource } from "./search-source.ts";

/** Persons as a kind of the owner's file (server/file/kinds.ts). */
export const personKind: FileKindDescriptor = {
  kind: "person",
  module: "persons",
  search: (db) => personSearchSource(db),
  forget: () => forgetPersons,
};
