import { useTranslation } from "react-i18next";
import { type PersonOptionList, personOptionLabelKey } from "../../../../domain/catalog/personOptions.ts";
import { isPersonGroup, relationshipGroupLabelKey } from "../../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../../domain/dates.ts";
import {
  changedTextRows,
  EditConflict,
  type EditConflictProps,
  type TextConflictField,
} from "../../../components/conflict/EditConflict.tsx";
import { useCountryName } from "../../../components/country/countryOptions.ts";
import { useAddressLookup, useInstitutionLookup } from "../../../components/fields/lookups.ts";
import { useTypeLabel } from "../PersonCard.tsx";
import { fullName } from "../personDisplay.ts";
import { usePersonDirectory } from "../usePersonDirectory.ts";
import type { ContactFormValues } from "./contactFormValues.ts";

type ContactConflictProps = Omit<EditConflictProps, "rows"> & {
  mine: ContactFormValues;
  theirs: ContactFormValues;
};

const DATES = ["marriage", "separation", "divorce", "death"] as const;

/** The addresses, companies and persons a contact refers to, in either version. */
function referencedIds(values: ContactFormValues[]) {
  return {
    addresses: values.flatMap((v) => [v.homeAddress, v.mailingAddress, v.businessAddress]),
    companies: values.map((v) => v.companyName),
  };
}

/**
 * The Edit Contact form's conflict: each field that differs as its view reads it (names of the
 * addresses, companies and persons referred to, translated choices, dates), except the photo and
 * the social number, which are sent only when changed and so never overwrite the saved ones.
 */
export function ContactConflict({ mine, theirs, ...props }: ContactConflictProps) {
  const { t, i18n } = useTranslation(["forms", "catalog", "network"]);
  const ids = referencedIds([mine, theirs]);
  const address = useAddressLookup(ids.addresses.filter((id): id is string => id !== null));
  const company = useInstitutionLookup(ids.companies.filter((id): id is string => id !== null));
  const directory = usePersonDirectory();
  const countryName = useCountryName();
  const typeLabel = useTypeLabel();

  const date = (value: number | null) => formatDate(value, i18n.resolvedLanguage ?? i18n.language) ?? "";
  const option = (list: PersonOptionList, value: string) => {
    const key = personOptionLabelKey(list, value);
    return key === null ? value : t(`catalog:${key}`);
  };
  const addressName = (id: string | null) => (id === null ? "" : (address(id)?.name ?? ""));
  const names = (list: string[]) =>
    list
      .map((id) => {
        const person = directory.get(id);
        return person ? fullName(person.mainDetails) : t("network:details.unknownPerson");
      })
      .join(", ");
  const yesNo = (value: boolean) => t(value ? "network:details.yes" : "network:details.no");
  const text = (key: string, label: string, of: (values: ContactFormValues) => string) => ({
    key,
    label,
    text: of,
  });

  const fields: TextConflictField<ContactFormValues>[] = [
    text("group", t("contact.group"), (v) =>
      isPersonGroup(v.group) ? t(`catalog:${relationshipGroupLabelKey(v.group)}`) : "",
    ),
    text("type", t("contact.type"), (v) => typeLabel(v.type) ?? v.type),
    text("otherType", t("contact.otherType"), (v) => v.otherType),
    text("origin", t("contact.origin"), (v) => option("origin", v.relationDetails.origin)),
    text("originOther", t("contact.originOther"), (v) => v.relationDetails.originOther),
    text("dependent", t("contact.dependent"), (v) => yesNo(v.relationDetails.dependent)),
    text("currentPartner", t("contact.currentPartner"), (v) => yesNo(v.currentPartner)),
    text("firstName", t("contact.firstName"), (v) => v.mainDetails.firstName),
    text("middleName", t("contact.middleName"), (v) => v.mainDetails.middleName),
    text("lastName", t("contact.lastName"), (v) => v.mainDetails.lastName),
    text("nickname", t("contact.nickname"), (v) => v.mainDetails.nickname),
    text("prefferedName", t("contact.preferredName"), (v) => v.mainDetails.prefferedName),
    text("phones", t("phone.legend"), (v) =>
      v.contactDetails.phones
        .map((phone) => phone.number.trim())
        .filter(Boolean)
        .join(", "),
    ),
    text("emails", t("email.legend"), (v) => v.contactDetails.emails.filter(Boolean).join(", ")),
    text("homeAddress", t("contact.homeAddress"), (v) => addressName(v.homeAddress)),
    text("company", t("contact.company"), (v) =>
      v.companyName === null ? "" : (company(v.companyName)?.name ?? ""),
    ),
    text("businessAddress", t("contact.businessAddress"), (v) => addressName(v.businessAddress)),
    text("birthday", t("contact.birthday"), (v) => date(v.mainDetails.birthday)),
    text("birthplace", t("contact.birthPlace"), (v) => v.mainDetails.birthplace),
    text("birthcountry", t("contact.birthCountry"), (v) =>
      v.mainDetails.birthcountry ? countryName(v.mainDetails.birthcountry) : "",
    ),
    text("citizenship", t("contact.citizenship"), (v) =>
      v.mainDetails.citizenship ? countryName(v.mainDetails.citizenship) : "",
    ),
    text("gender", t("contact.gender"), (v) => option("gender", v.mainDetails.gender)),
    text("maritalStatus", t("contact.maritalStatus"), (v) =>
      option("maritalStatus", v.mainDetails.maritalStatus),
    ),
    text("motherMaidenName", t("contact.motherMaidenName"), (v) => v.mainDetails.motherMaidenName),
    text("mailingAddress", t("contact.mailingAddress"), (v) => addressName(v.mailingAddress)),
    ...DATES.map((key) =>
      text(`importantDates.${key}`, t(`contact.dates.${key}`), (v) => date(v.importantDates[key])),
    ),
    text("emergencyContacts", t("contact.emergencyContacts"), (v) => names(v.iceDetails.emergencyContacts)),
    text("nextOfKin", t("contact.nextOfKin"), (v) => names(v.kinDetails.emergencyContacts)),
    text("notes", t("contact.notes"), (v) => v.notes),
  ];

  return <EditConflict rows={changedTextRows(fields, mine, theirs)} {...props} />;
}
