import type { FileKindDescriptor } from "../../file/kind.ts";
import { forgetRecords } from "./routes.ts";
import { recordSearchSource } from "./search-source.ts";

/** Records as a kind of the owner's file (server/file/kinds.ts). */
export const recordKind: FileKindDescriptor = {
  kind: "record",
  module: "records",
  search: (db, dataKeys) => recordSearchSource(db, dataKeys),
  forget: ({ listCache }) => forgetRecords(listCache),
};
