import type { PhoneType } from "../../domain/catalog/phones.ts";

/**
 * One contact as a vCard holds it, whichever kind of record it comes from or goes to: the persons
 * and institutions modules each map their record to and from this (their `vcard.ts`). The file
 * format itself (vcard4) is vcard-text.ts's, loaded on the first vCard read or written.
 */
export type VcardContact = {
  kind: "individual" | "org";
  formattedName: string;
  given: string | null;
  additional: string | null;
  family: string | null;
  nickname: string | null;
  /** A calendar date at UTC midnight (epoch ms), as the file keeps birthdays. */
  birthday: number | null;
  emails: string[];
  phones: { number: string; type: PhoneType | null }[];
  addresses: VcardAddress[];
  note: string | null;
  org: string | null;
  title: string | null;
  url: string | null;
  /** A data: URL of a JPEG. */
  photo: string | null;
  /** The person's relationship type to the file's owner (a lawyer, a sister), Kinfile's own X- property. */
  relationship: string | null;
};

export type VcardAddress = {
  type: "home" | "work" | null;
  street: string | null;
  extended: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
};

/** A contact with nothing but its name. */
export function emptyContact(kind: VcardContact["kind"], formattedName: string): VcardContact {
  return {
    kind,
    formattedName,
    given: null,
    additional: null,
    family: null,
    nickname: null,
    birthday: null,
    emails: [],
    phones: [],
    addresses: [],
    note: null,
    org: null,
    title: null,
    url: null,
    photo: null,
    relationship: null,
  };
}

/** Why a file could not be read as vCards: the library's own words, for the log only. */
export class UnreadableVcardError extends Error {
  override name = "UnreadableVcardError";
}

/** How many cards a file holds, counted before parsing it: a file of too many is refused unread. */
export function countCards(file: string): number {
  return file.match(/^BEGIN:VCARD\s*$/gim)?.length ?? 0;
}
