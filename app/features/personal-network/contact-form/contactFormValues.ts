import {
  type PersonGroup,
  TYPE_REQUIRED_MESSAGE,
  typeRequired,
} from "../../../../domain/catalog/relationships.ts";
import type {
  ImportantDates,
  PersonLinks,
  PersonRecord,
  PersonSaveBody,
} from "../../../../domain/schemas/person.ts";
import type { FieldMessage } from "../../../components/form/schemaErrors.ts";
import { atLeastOneRow } from "../../../components/multi-value/multiValueRows.ts";
import { emptyPhoneRow, type PhoneRow, phoneRowOf } from "../../../components/phone/PhoneInput.tsx";
import type { PhoneLibrary } from "../../../components/phone/phoneLibrary.ts";

/**
 * The Edit Contact form's values: the person record of POST /api/pn/person, with "" for empty
 * text (inputs hold text) and at least one phone and email row. The paths are the record's, so
 * the domain schema's messages and the server's `error.fields` land on the right inputs.
 */
export type ContactFormValues = PersonLinks & {
  id: string | null;
  group: PersonGroup | "";
  type: string;
  otherType: string;
  contactDetails: { emails: string[]; phones: PhoneRow[] };
  importantDates: ImportantDates;
  mainDetails: {
    birthday: number | null;
    birthcountry: string;
    birthplace: string;
    citizenship: string;
    firstName: string;
    gender: string;
    lastName: string;
    maritalStatus: string;
    middleName: string;
    motherMaidenName: string;
    nickname: string;
    imageSrc: string | null;
    prefferedName: string;
    socialNumber: string;
  };
  notes: string;
  relationDetails: { dependent: boolean; origin: string; originOther: string };
  currentPartner: boolean;
  businessAddress: string | null;
  companyName: string | null;
};

export function emptyContact(group: PersonGroup | "" = ""): ContactFormValues {
  return {
    id: null,
    group,
    type: "",
    otherType: "",
    contactDetails: { emails: [""], phones: [emptyPhoneRow()] },
    homeAddress: null,
    mailingAddress: null,
    iceDetails: { emergencyContacts: [] },
    kinDetails: { emergencyContacts: [] },
    importantDates: { death: null, divorce: null, marriage: null, separation: null },
    mainDetails: {
      birthday: null,
      birthcountry: "",
      birthplace: "",
      citizenship: "",
      firstName: "",
      gender: "",
      lastName: "",
      maritalStatus: "",
      middleName: "",
      motherMaidenName: "",
      nickname: "",
      imageSrc: null,
      prefferedName: "",
      socialNumber: "",
    },
    notes: "",
    relationDetails: { dependent: false, origin: "", originOther: "" },
    // The spec: a partner is the current one unless said otherwise.
    currentPartner: true,
    businessAddress: null,
    companyName: null,
  };
}

/** A saved person as the form holds it; `phones` formats the saved numbers. */
export function contactValuesOf(person: PersonRecord, phones: PhoneLibrary | null): ContactFormValues {
  const text = (value: string | null | undefined) => value ?? "";
  const main = person.mainDetails;
  return {
    id: person.id,
    group: person.group,
    type: text(person.type),
    otherType: text(person.otherType),
    contactDetails: {
      emails: atLeastOneRow(person.contactDetails.emails, () => ""),
      phones: atLeastOneRow(
        person.contactDetails.phones.map((phone) => phoneRowOf(phone, phones)),
        emptyPhoneRow,
      ),
    },
    homeAddress: person.homeAddress,
    mailingAddress: person.mailingAddress,
    iceDetails: { emergencyContacts: [...person.iceDetails.emergencyContacts] },
    kinDetails: { emergencyContacts: [...person.kinDetails.emergencyContacts] },
    importantDates: { ...person.importantDates },
    mainDetails: {
      birthday: main.birthday,
      birthcountry: text(main.birthcountry),
      birthplace: text(main.birthplace),
      citizenship: text(main.citizenship),
      firstName: main.firstName,
      gender: text(main.gender),
      lastName: text(main.lastName),
      maritalStatus: text(main.maritalStatus),
      middleName: text(main.middleName),
      motherMaidenName: text(main.motherMaidenName),
      nickname: text(main.nickname),
      imageSrc: main.imageSrc,
      prefferedName: text(main.prefferedName),
      socialNumber: text(main.socialNumber),
    },
    notes: text(person.notes),
    relationDetails: {
      dependent: person.relationDetails?.dependent ?? false,
      origin: text(person.relationDetails?.origin),
      originOther: text(person.relationDetails?.originOther),
    },
    currentPartner: person.currentPartner ?? true,
    businessAddress: person.businessAddress,
    companyName: person.companyName,
  };
}

/**
 * The body of POST /api/pn/person. The photo and the social number are sent only when they
 * changed: the server keeps them when their key is absent, so a save carries neither a large
 * photo back and forth nor the secret.
 */
export function contactBody(values: ContactFormValues, initial: ContactFormValues): PersonSaveBody {
  const { imageSrc, socialNumber, ...main } = values.mainDetails;
  // The form has checked the values with the same schema the server validates them with.
  return {
    ...values,
    mainDetails: {
      ...main,
      ...(imageSrc !== initial.mainDetails.imageSrc ? { imageSrc } : {}),
      ...(socialNumber !== initial.mainDetails.socialNumber ? { socialNumber } : {}),
    },
  } as PersonSaveBody;
}

/**
 * What the schema cannot tell together with other problems (zod skips a refinement once a field
 * fails): Relationship Type is required except for "me", even while First Name is missing too.
 */
export function contactExtraMessages(values: ContactFormValues): Record<string, FieldMessage> {
  if (values.group !== "" && typeRequired(values.group) && values.type.trim() === "") {
    return { type: { key: TYPE_REQUIRED_MESSAGE, params: {} } };
  }
  return {};
}

/** Fields under "More details": a message for one of them opens that part. */
export const MORE_DETAILS_PATHS = [
  "mainDetails.middleName",
  "mainDetails.nickname",
  "mainDetails.prefferedName",
  "mainDetails.birthday",
  "mainDetails.birthcountry",
  "mainDetails.birthplace",
  "mainDetails.citizenship",
  "mainDetails.gender",
  "mainDetails.maritalStatus",
  "mainDetails.motherMaidenName",
  "mainDetails.socialNumber",
  "mailingAddress",
  "importantDates",
  "iceDetails",
  "kinDetails",
  "notes",
] as const;

/** Fields the form has an input for, whatever part they are in; others' messages go above the buttons. */
export function isContactFieldPath(path: string): boolean {
  return /^(group|type|otherType|notes|currentPartner|homeAddress|mailingAddress|businessAddress|companyName|mainDetails\.\w+|importantDates\.\w+|relationDetails\.\w+|contactDetails\.(emails\.\d+|phones\.\d+(\.(code|number))?)|(iceDetails|kinDetails)\.emergencyContacts(\.\d+)?)$/.test(
    path,
  );
}
