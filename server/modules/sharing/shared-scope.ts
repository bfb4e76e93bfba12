import type { Kysely } from "kysely";
import {
  type ShareScope,
  scopeIncludesCategory,
  scopeIncludesDocument,
  sharedCategories,
  sharesWholeNetwork,
} from "../../../domain/schemas/share.ts";
import { categoryDef, isCategoryKey, referenceFields } from "../../../domain/sections/index.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, DocumentTable } from "../../db/schema.ts";
import { PERSON_ADDRESS_COLUMNS } from "../persons/repository.ts";
import { idsOf } from "../records/body.ts";
import { recordRepository } from "../records/repository.ts";
import { openRecordBody } from "../records/service.ts";
import type { ReleasedGrant } from "./released-grant.ts";

/**
 * What a grant makes visible beyond its record categories: the persons (all of them when the
 * personal network is shared, otherwise those shared records name), the addresses of those
 * persons and of shared records and visible institutions, the institutions shared records and
 * visible persons name; and the documents of shared categories or attached to shared records.
 * Every query is filtered by the grant's owner.
 */

export type SharedNetwork = {
  persons: "all" | ReadonlySet<string>;
  addresses: ReadonlySet<string>;
  institutions: ReadonlySet<string>;
};

export function isCategoryShared(scope: ShareScope, category: string): boolean {
  return isCategoryKey(category) && scopeIncludesCategory(scope, category);
}

export function personIsVisible(network: SharedNetwork, id: string): boolean {
  return network.persons === "all" || network.persons.has(id);
}

type SharedReferences = {
  persons: Set<string>;
  addresses: Set<string>;
  institutions: Set<string>;
  documents: Set<string>;
};

/** The ids the shared records of the owner (or only `recordId`, when given) refer to, by target table. */
async function referencesOfSharedRecords(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  grant: ReleasedGrant,
  recordId?: string,
): Promise<SharedReferences> {
  const found: SharedReferences = {
    persons: new Set(),
    addresses: new Set(),
    institutions: new Set(),
    documents: new Set(),
  };
  const shared = await recordRepository(db).listInCategories(grant.ownerId, sharedCategories(grant.scope));
  const rows = recordId === undefined ? shared : shared.filter((row) => row.id === recordId);
  const bodies = await Promise.all(rows.map((row) => openRecordBody(dataKeys, row)));
  rows.forEach((row, index) => {
    const body = bodies[index] ?? {};
    if (!isCategoryKey(row.category)) return;
    for (const field of referenceFields(categoryDef(row.category))) {
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
      for (const id of target === undefined ? [] : idsOf(body[field.key])) target?.add(id);
    }
  });
  return found;
}

/** The persons, addresses and institutions the grant lets its nominee read. */
export async function sharedNetwork(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  grant: ReleasedGrant,
): Promise<SharedNetwork> {
  const referenced = await referencesOfSharedRecords(db, dataKeys, grant);
  const whole = sharesWholeNetwork(grant.scope);
  const persons =
    !whole && referenced.persons.size === 0
      ? []
      : await db
          .selectFrom("person")
          .select(["id", "company_id", ...PERSON_ADDRESS_COLUMNS])
          .where("owner_id", "=", grant.ownerId)
          .$if(!whole, (query) => query.where("id", "in", [...referenced.persons]))
          .execute();
  const addresses = referenced.addresses;
  const institutionIds = referenced.institutions;
  for (const person of persons) {
    for (const column of PERSON_ADDRESS_COLUMNS) {
      const id = person[column];
      if (id !== null) addresses.add(id);
    }
    if (person.company_id !== null) institutionIds.add(person.company_id);
  }
  const institutions =
    institutionIds.size === 0
      ? []
      : await db
          .selectFrom("institution")
          .select(["id", "address_id"])
          .where("owner_id", "=", grant.ownerId)
          .where("id", "in", [...institutionIds])
          .execute();
  for (const institution of institutions) {
    if (institution.address_id !== null) addresses.add(institution.address_id);
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
  db: Kysely<DB>,
  dataKeys: DataKeys,
  grant: ReleasedGrant,
  recordId: string,
): Promise<string[]> {
  return [...(await referencesOfSharedRecords(db, dataKeys, grant, recordId)).documents];
}

/**
 * A document is visible when its module and type are in the scope, or when it is attached to a
 * record of a shared category (the record's own documents come with it, whether they name the
 * record in assignedDocument or the record names them in a `documents` field).
 */
export async function documentIsVisible(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  grant: ReleasedGrant,
  row: Pick<DocumentTable, "id" | "module" | "type" | "assigned_document">,
): Promise<boolean> {
  if (scopeIncludesDocument(grant.scope, row.module, row.type)) return true;
  if (row.assigned_document !== null) {
    const category = await recordRepository(db).categoryOf(grant.ownerId, row.assigned_document);
    if (category !== undefined && isCategoryShared(grant.scope, category)) return true;
  }
  return (await referencesOfSharedRecords(db, dataKeys, grant)).documents.has(row.id);
}

/** The owner of a person, address or institution, whoever they are (the spec's paths name no nominee). */
export async function ownerOfRow(
  db: Kysely<DB>,
  table: "person" | "address" | "institution",
  id: string,
): Promise<string | undefined> {
  const row = await db.selectFrom(table).select("owner_id").where("id", "=", id).executeTakeFirst();
  return row?.owner_id;
}
