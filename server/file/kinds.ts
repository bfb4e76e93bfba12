import { addressKind } from "../modules/addresses/index.ts";
import { commentKind } from "../modules/comments/index.ts";
import { documentKind } from "../modules/documents/index.ts";
import { institutionKind } from "../modules/institutions/index.ts";
import { personKind } from "../modules/persons/index.ts";
import { recordKind } from "../modules/records/index.ts";
import type { FileKindDescriptor } from "./kind.ts";

/**
 * The kinds an owner's file is made of, in the order search groups its results and a deletion
 * removes them: the one list the capabilities crossing the whole file loop over.
 */
export const FILE_KINDS: readonly FileKindDescriptor[] = [
  personKind,
  addressKind,
  institutionKind,
  recordKind,
  documentKind,
  commentKind,
];
