import { createContext, type ReactNode, useContext } from "react";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import type { Institution } from "../../../domain/schemas/institution.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import type { SecretPurpose } from "../../../domain/schemas/record.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import {
  type DocumentItem,
  type DocumentRef,
  downloadUrl,
  getDocument,
  listDocuments,
} from "../documents/api.ts";
import { fetchPerson, fetchPersons } from "../personal-network/queries.ts";
import {
  fetchCounts,
  fetchRecord,
  fetchRecords,
  type RecordItem,
  type RecordListItem,
  revealSecret,
} from "./recordsApi.ts";

/**
 * Where the record, person and document screens read from (DESIGN "one definition, many uses"):
 * the signed-in owner's own file, or a file an owner shared with the signed-in nominee. The same
 * list and view pages draw both; a shared file is read-only (no Add, Edit, Delete or comments).
 */
export interface RecordSource {
  /** Null for the owner's own file; the nominee id (the `nomineeId` of the shared calls) otherwise. */
  nomineeId: string | null;
  /** The path the module, person and library pages of this file hang from ("/dashboard" for the owner). */
  basePath: string;
  /** The owner's query key as it is; a shared file's kept apart under ["shared", nomineeId]. */
  queryKey: (key: readonly unknown[]) => readonly unknown[];
  counts: (module: RecordModule) => Promise<Record<string, number>>;
  list: (module: RecordModule, category: string) => Promise<RecordListItem[]>;
  one: (module: RecordModule, category: string, id: string) => Promise<RecordItem>;
  /** A secret in clear, to show it or to copy it; the server logs which for the owner. */
  reveal: (
    module: RecordModule,
    category: string,
    id: string,
    field: string,
    purpose?: SecretPurpose,
  ) => Promise<string | null>;
  persons: (group: PersonGroup) => Promise<PersonListItem[]>;
  person: (group: PersonGroup, id: string) => Promise<PersonRecord>;
  /**
   * A shared file names persons, addresses and companies one by id (the nominee has no address
   * book or network of their own for it); null for the owner, whose screens name them from lists.
   */
  byId: SharedLookups | null;
  documents: (module: string, type: string) => Promise<DocumentItem[]>;
  document: (ref: DocumentRef) => Promise<DocumentItem>;
  /** A stored file's address; `inline` opens a PDF in the browser's viewer. */
  fileUrl: (ref: DocumentRef, fileName: string, inline?: boolean) => string;
}

export interface SharedLookups {
  person: (id: string) => Promise<PersonRecord>;
  /** A person's masked social number in clear (each reveal is logged for the owner). */
  revealSocialNumber: (id: string) => Promise<string | null>;
  /** The documents attached to one shared record, read with it (one log line, the record's view). */
  documentsOfRecord: (recordId: string) => Promise<DocumentItem[]>;
  address: (id: string) => Promise<Address>;
  institution: (id: string) => Promise<Institution>;
}

/** The signed-in user's own file, through the owner's routes (the default everywhere). */
const ownRecordSource: RecordSource = {
  nomineeId: null,
  basePath: "/dashboard",
  queryKey: (key) => key,
  counts: fetchCounts,
  list: fetchRecords,
  one: fetchRecord,
  reveal: revealSecret,
  persons: fetchPersons,
  person: fetchPerson,
  byId: null,
  documents: listDocuments,
  document: getDocument,
  fileUrl: downloadUrl,
};

const RecordSourceContext = createContext<RecordSource>(ownRecordSource);

export function RecordSourceProvider({ source, children }: { source: RecordSource; children: ReactNode }) {
  return <RecordSourceContext value={source}>{children}</RecordSourceContext>;
}

export function useRecordSource(): RecordSource {
  return useContext(RecordSourceContext);
}

/** A nominee reading a shared file: nothing can be added, changed or deleted. */
export function isReadOnlySource(source: RecordSource): boolean {
  return source.nomineeId !== null;
}
