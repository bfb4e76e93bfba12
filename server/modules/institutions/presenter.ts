import type { Institution, InstitutionInput } from "../../../domain/schemas/institution.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import type { InstitutionTable } from "../../db/schema.ts";

/** The spec's company: name, website, phones, emails, address (an address id). */
export function toInstitution(row: InstitutionTable): Institution {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    phones: JSON.parse(row.phones) as Phone[],
    emails: JSON.parse(row.emails) as string[],
    address: row.address_id,
  };
}

export function toColumns(
  input: InstitutionInput,
): Pick<InstitutionTable, "name" | "website" | "phones" | "emails" | "address_id"> {
  return {
    name: input.name,
    website: input.website,
    phones: JSON.stringify(input.phones),
    emails: JSON.stringify(input.emails),
    address_id: input.address,
  };
}
