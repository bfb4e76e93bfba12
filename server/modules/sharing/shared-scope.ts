import {
  isCategoryShared,
  scopeIncludesDocument,
  sharedCategories,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { categoryDef, isCategoryKey, referenceFields } from "../../../domain/sections/index.ts";
import type { DocumentTable } from "../../db/schema.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { InstitutionReader } from "../institutions/index.ts";
import type { PersonReader } from "../persons/index.ts";
import type { RecordReader } from "../records/index.ts";
import { idsOf } from "../records/index.ts";
import type { ReleasedGrant } from "./released-grant.ts";

/**
 * What a grant makes visible beyond its record categories: the persons (all of them when the
 * personal network is shared, otherwise those shared records name), the addresses of those
 * persons and of shared records and visible institutions, the institutions shared records and
 * visible persons name; and the documents of shared categories or attached to shared records.
 * Every read goes through the modules' readers, by the grant's owner.
 */

/** The modules' readers the scope reads through. */
export type ScopeReaders = { records: RecordReader; persons: PersonReader; institutions: InstitutionReader };

/** A file seen through a scope: a nominee's grant, or a collaborator's scope in the owner's file. */
export type ScopedFile = Pick<ReleasedGrant, "ownerId" | "scope">;

/** A document as the scope judges it: where it is filed and the record it is attached to. */
export type DocumentPlace = { id: string; module: string; type: string; assignedDocument: string | null };

export type SharedNetwork = {
  persons: "all" | ReadonlySet<string>;
  addresses: ReadonlySet<string>;
  institutions: ReadonlySet<string>;
};

export function personIsVisible(network: SharedNetwork, id: string): boolean {
  return network.persons === "all" || network.persons.has(id);
}

type SharedReferences = {
  /** The shared records themselves. */
  records: Set<string>;
  persons: Set<string>;
  addresses: Set<string>;
  institutions: Set<string>;
  documents: Set<string>;
};

/** The ids the shared records of the owner (or only `recordId`, when given) refer to, by target table. */
async function referencesOfSharedRecords(
  records: RecordReader,
  grant: ScopedFile,
  recordId?: string,
): Promise<SharedReferences> {
  const found: SharedReferences = {
    records: new Set(),
    persons: new Set(),
    addresses: new Set(),
    institutions: new Set(),
    documents: new Set(),
  };
  const shared = await records.openedIn(grant.ownerId, sharedCategories(grant.scope));
  for (const { id, category, body } of shared) {
    if ((recordId !== undefined && id !== recordId) || !isCategoryKey(category)) continue;
    found.records.add(id);
    for (const field of referenceFields(categoryDef(category))) {
      const target =
        field.type === "personRef" || field.type === "personRefs"
          ? found.persons
          : field.type === "addressRef"
            ? found.addresses
            : field.type === "institutionRef"
              ? found.institutions
              : field.type === "documents"
                ? found.documents
                : undefined;
      for (const referenced of target === undefined ? [] : idsOf(body[field.key])) target?.add(referenced);
    }
  }
  return found;
}

/** The persons, addresses and institutions the grant lets its nominee read. */
export async function sharedNetwork(readers: ScopeReaders, grant: ReleasedGrant): Promise<SharedNetwork> {
  return networkOf(readers, grant, await referencesOfSharedRecords(readers.records, grant));
}

async function networkOf(
  readers: ScopeReaders,
  grant: ReleasedGrant,
  referenced: SharedReferences,
): Promise<SharedNetwork> {
  const whole = sharesWholeNetwork(grant.scope);
  const persons = await readers.persons.linksOf(grant.ownerId, whole ? "all" : [...referenced.persons]);
  const addresses = referenced.addresses;
  const institutionIds = referenced.institutions;
  for (const person of persons) {
    for (const id of person.addressIds) addresses.add(id);
    if (person.companyId !== null) institutionIds.add(person.companyId);
  }
  const institutions = await readers.institutions.addressesOf(grant.ownerId, [...institutionIds]);
  for (const institution of institutions) {
    if (institution.addressId !== null) addresses.add(institution.addressId);
  }
  return {
    persons: whole ? "all" : new Set(persons.map((person) => person.id)),
    addresses,
    institutions: new Set(institutions.map((institution) => institution.id)),
  };
}

/**
 * The ids of the documents a shared record's `documents` fields hold: files attached while the
 * record was being added carry no assignedDocument (the record did not exist yet), so the record's
 * own list is what names them.
 */
export async function documentsNamedBy(
  records: RecordReader,
  grant: ScopedFile,
  recordId: string,
): Promise<string[]> {
  return [...(await referencesOfSharedRecords(records, grant, recordId)).documents];
}

/**
 * The one rule of which documents a scope shows, a nominee's or a collaborator's: a document is
 * visible when its module and type are in the scope (the Document Library's with the library's
 * category or the inventory module), or when it is attached to a record of a shared category (the
 * record's own documents come with it, whether they name the record in assignedDocument or the
 * record names them in a `documents` field). Read once, asked for each document.
 */
export async function documentVisibility(
  records: RecordReader,
  file: ScopedFile,
): Promise<(document: DocumentPlace) => boolean> {
  return visibleDocuments(file, await referencesOfSharedRecords(records, file));
}

function visibleDocuments(
  file: ScopedFile,
  referenced: SharedReferences,
): (document: DocumentPlace) => boolean {
  const { records: sharedRecords, documents: named } = referenced;
  return (document) =>
    scopeIncludesDocument(file.scope, document.module, document.type) ||
    (document.assignedDocument !== null && sharedRecords.has(document.assignedDocument)) ||
    named.has(document.id);
}

/** `documentVisibility` for one stored document, without reading the records when its place decides. */
export async function documentIsVisible(
  records: RecordReader,
  file: ScopedFile,
  row: Pick<DocumentTable, "id" | "module" | "type" | "assigned_document">,
): Promise<boolean> {
  if (scopeIncludesDocument(file.scope, row.module, row.type)) return true;
  const visible = await documentVisibility(records, file);
  return visible({ ...row, assignedDocument: row.assigned_document });
}

/**
 * What the grant shows of the owner's whole file, decided for every part at once: the filter a
 * nominee's binder reads the file through (server/modules/portability/snapshot.ts `include`). The
 * same rules as the reads above: shared categories' records; the persons, addresses and
 * institutions of `sharedNetwork`; `documentVisibility`'s documents. Comments and nominees are the
 * owner's own and never shown.
 */
export async function grantInclude(
  readers: ScopeReaders,
  grant: ReleasedGrant,
): Promise<(subject: SnapshotSubject) => boolean> {
  const referenced = await referencesOfSharedRecords(readers.records, grant);
  const documentVisible = visibleDocuments(grant, referenced);
  const network = await networkOf(readers, grant, referenced);
  return (subject) => {
    switch (subject.kind) {
      case "person":
        return personIsVisible(network, subject.id);
      case "address":
        return network.addresses.has(subject.id);
      case "institution":
        return network.institutions.has(subject.id);
      case "record":
        return isCategoryShared(grant.scope, subject.category);
      case "document":
        return documentVisible(subject);
      default:
        return false;
    }
  };
}
