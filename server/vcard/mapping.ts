import type { PhoneType } from "../../domain/catalog/phones.ts";
import type { VcardContact } from "./contact.ts";
import type { Identity } from "./import-plan.ts";

/**
 * The part of the record-to-card mapping every kind shares (persons/vcard.ts,
 * institutions/vcard.ts): emails and typed phones, the identity that finds a card's likely
 * duplicates, and the file written from the contacts. Each kind maps the rest of its fields itself.
 */

/** What a record, its card and its contact hold alike: emails and phones with their types. */
type Reach = {
  emails: readonly string[];
  phones: readonly { number: string; type: PhoneType | null }[];
};

/** A record's emails and phones as its contact carries them: a phone's number and type alone. */
export function contactReach(record: Reach): Pick<VcardContact, "emails" | "phones"> {
  return {
    emails: [...record.emails],
    phones: record.phones.map((phone) => ({ number: phone.number, type: phone.type })),
  };
}

/** A card's identity for finding the records it probably repeats: its name, emails and numbers. */
export function cardIdentity(name: string, card: Reach): Identity {
  return { name, emails: card.emails, phones: card.phones.map((phone) => phone.number) };
}

/** The contacts as one .vcf file, with vcard4 loaded on the first file written rather than at start. */
export async function writeVcardFile(contacts: readonly VcardContact[]): Promise<string> {
  const { writeVcards } = await import("./vcard-text.ts");
  return writeVcards(contacts);
}
