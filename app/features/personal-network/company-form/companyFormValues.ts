import type { Institution } from "../../../../domain/schemas/institution.ts";
import { atLeastOneRow } from "../../../components/multi-value/multiValueRows.ts";
import { emptyPhoneRow, type PhoneRow, phoneRowOf } from "../../../components/phone/PhoneInput.tsx";
import type { PhoneLibrary } from "../../../components/phone/phoneLibrary.ts";

/** The Edit Company form's values: the institution's fields, as inputs hold them. */
export type CompanyFormValues = {
  id: string | null;
  name: string;
  website: string;
  phones: PhoneRow[];
  emails: string[];
  address: string | null;
};

export function emptyCompany(): CompanyFormValues {
  return { id: null, name: "", website: "", phones: [emptyPhoneRow()], emails: [""], address: null };
}

/** A saved institution as the form holds it; `phones` formats the saved numbers. */
export function companyValuesOf(institution: Institution, phones: PhoneLibrary | null): CompanyFormValues {
  return {
    id: institution.id,
    name: institution.name,
    website: institution.website ?? "",
    phones: atLeastOneRow(
      institution.phones.map((phone) => phoneRowOf(phone, phones)),
      emptyPhoneRow,
    ),
    emails: atLeastOneRow(institution.emails, () => ""),
    address: institution.address,
  };
}

/** Fields the form shows an input for: a server message for any of them goes beside it. */
export function isCompanyFieldPath(path: string): boolean {
  return /^(name|website|address|phones\.\d+(\.(code|number))?|emails\.\d+)$/.test(path);
}
