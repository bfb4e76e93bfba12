import { isFamilyTreeGroup, isPersonGroup, type PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonInput, PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import type { PersonLinkKind, PersonTable } from "../../db/schema.ts";

/**
 * Which fields of a person leave the server, and how a saved record maps to its row. The row keeps
 * in columns what lists and references need (group, type, names, birthday, address and company
 * ids); the rest goes to `data` as JSON; the social number and the photos are encrypted columns the
 * service decrypts only for the one person's GET.
 */

type MainDetails = PersonRecord["mainDetails"];

/** The JSON of person.data. */
type StoredData = {
  contactDetails: { emails: string[]; phones: Phone[] };
  importantDates: PersonRecord["importantDates"];
  mainDetails: Omit<MainDetails, "firstName" | "lastName" | "birthday" | "imageSrc" | "socialNumber">;
  notes: string | null;
  relationDetails: PersonRecord["relationDetails"];
  currentPartner: boolean | null;
  otherType: string | null;
};

export type PersonColumns = Pick<
  PersonTable,
  | "person_group"
  | "type"
  | "first_name"
  | "last_name"
  | "birthday"
  | "home_address_id"
  | "mailing_address_id"
  | "business_address_id"
  | "company_id"
  | "data"
>;

export function toColumns(input: PersonInput): PersonColumns {
  const { mainDetails } = input;
  const data: StoredData = {
    contactDetails: input.contactDetails,
    importantDates: input.importantDates,
    mainDetails: {
      birthcountry: mainDetails.birthcountry,
      birthplace: mainDetails.birthplace,
      citizenship: mainDetails.citizenship,
      gender: mainDetails.gender,
      maritalStatus: mainDetails.maritalStatus,
      middleName: mainDetails.middleName,
      motherMaidenName: mainDetails.motherMaidenName,
      nickname: mainDetails.nickname,
      prefferedName: mainDetails.prefferedName,
    },
    notes: input.notes,
    relationDetails: input.relationDetails,
    currentPartner: input.currentPartner,
    otherType: input.otherType,
  };
  return {
    person_group: input.group,
    type: input.type,
    first_name: mainDetails.firstName,
    last_name: mainDetails.lastName,
    birthday: mainDetails.birthday,
    home_address_id: input.homeAddress,
    mailing_address_id: input.mailingAddress,
    business_address_id: input.businessAddress,
    company_id: input.companyName,
    data: JSON.stringify(data),
  };
}

const EMPTY_DATA: StoredData = {
  contactDetails: { emails: [], phones: [] },
  importantDates: { death: null, divorce: null, marriage: null, separation: null },
  mainDetails: {
    birthcountry: null,
    birthplace: null,
    citizenship: null,
    gender: null,
    maritalStatus: null,
    middleName: null,
    motherMaidenName: null,
    nickname: null,
    prefferedName: null,
  },
  notes: null,
  relationDetails: null,
  currentPartner: null,
  otherType: null,
};

export function storedData(row: Pick<PersonTable, "data">): StoredData {
  const parsed = JSON.parse(row.data) as Partial<StoredData>;
  return {
    ...EMPTY_DATA,
    ...parsed,
    contactDetails: { ...EMPTY_DATA.contactDetails, ...parsed.contactDetails },
    importantDates: { ...EMPTY_DATA.importantDates, ...parsed.importantDates },
    mainDetails: { ...EMPTY_DATA.mainDetails, ...parsed.mainDetails },
  };
}

function groupOf(row: Pick<PersonTable, "person_group">): PersonGroup {
  // Rows are only written through the schema; a stray value reads as the most neutral group.
  return isPersonGroup(row.person_group) ? row.person_group : "networkperson";
}

export type PersonSecrets = { socialNumber: string | null; imageSrc: string | null };

/** The owner's full record: the form's fields, the social number in full, the 512 px photo. */
export function toPersonRecord(
  row: PersonTable,
  links: readonly { kind: PersonLinkKind; linked_person_id: string }[],
  secrets: PersonSecrets,
): PersonRecord {
  const data = storedData(row);
  const linked = (kind: PersonLinkKind) =>
    links.filter((link) => link.kind === kind).map((link) => link.linked_person_id);
  return {
    id: row.id,
    createTime: row.created_at,
    updateTime: row.updated_at,
    group: groupOf(row),
    type: row.type,
    contactDetails: data.contactDetails,
    homeAddress: row.home_address_id,
    mailingAddress: row.mailing_address_id,
    iceDetails: { emergencyContacts: linked("ice") },
    kinDetails: { emergencyContacts: linked("kin") },
    importantDates: data.importantDates,
    mainDetails: {
      birthday: row.birthday,
      ...data.mainDetails,
      firstName: row.first_name,
      lastName: row.last_name,
      imageSrc: secrets.imageSrc,
      socialNumber: secrets.socialNumber,
    },
    notes: data.notes,
    relationDetails: data.relationDetails,
    currentPartner: data.currentPartner,
    businessAddress: row.business_address_id,
    companyName: row.company_id,
    otherType: data.otherType,
  };
}

export type PersonListRow = Pick<
  PersonTable,
  "id" | "created_at" | "person_group" | "type" | "first_name" | "last_name" | "birthday" | "data"
>;

/** Avatars appear on the family-tree groups' cards; advisors and network circles show none. */
export function showsAvatar(group: string): boolean {
  return isFamilyTreeGroup(group);
}

/** A card of a group list: no secret, the thumbnail only, the first phone and email. */
export function toPersonListItem(row: PersonListRow, thumbnail: string | null): PersonListItem {
  const { contactDetails } = storedData(row);
  return {
    id: row.id,
    createTime: row.created_at,
    group: groupOf(row),
    type: row.type,
    mainDetails: {
      firstName: row.first_name,
      lastName: row.last_name,
      birthday: row.birthday,
      imageSrc: thumbnail,
    },
    contactDetails: {
      emails: contactDetails.emails.slice(0, 1),
      phones: contactDetails.phones.slice(0, 1),
    },
  };
}

/** How a person is named where an address is used. */
export function personName(row: Pick<PersonTable, "first_name" | "last_name">): string {
  return [row.first_name, row.last_name].filter(Boolean).join(" ");
}
