import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type PersonOptionList, personOptionLabelKey } from "../../../domain/catalog/personOptions.ts";
import { isPhoneType, phoneTypeLabelKey } from "../../../domain/catalog/phones.ts";
import { relationshipGroupLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import type { PersonRecord } from "../../../domain/schemas/person.ts";
import { MASK } from "../../../domain/secrets.ts";
import { useCountryName } from "../../components/country/countryOptions.ts";
import { useAddressLookup, useInstitutionLookup, useSharedPersons } from "../../components/fields/lookups.ts";
import { RevealableSecret } from "../../components/fields/RevealableSecret.tsx";
import { MaskedValue } from "../../components/MaskedValue.tsx";
import { useFormatPhone } from "../../components/phone/phoneLibrary.ts";
import { useRecordSource } from "../records/recordSource.tsx";
import { PersonAvatar } from "./PersonAvatar.tsx";
import { useTypeLabel } from "./PersonCard.tsx";
import classes from "./PersonDetails.module.css";
import { PersonReference } from "./PersonReference.tsx";
import { fullName } from "./personDisplay.ts";
import { revealSocialNumber } from "./queries.ts";
import { usePersonDirectory } from "./usePersonDirectory.ts";

type Row = { label: string; value: ReactNode };

/** An address as one line of text, in the order it is written on an envelope. */
function addressText(address: Address, countryName: (code: string | null) => string): string {
  return [
    address.addressLine1,
    address.addressLine2,
    address.city,
    address.province ?? address.state ?? address.county,
    address.zip,
    address.country ? countryName(address.country) : null,
  ]
    .filter(Boolean)
    .join(", ");
}

function Section({ title, rows }: { title: string; rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="lg" component="section">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <dl className={classes.list}>
        {rows.map((row) => (
          <div key={row.label} style={{ display: "contents" }}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/** The social number arrives masked, for the owner as for a nominee: the eye asks for it (and is logged). */
function SocialNumber({ person, value, label }: { person: PersonRecord; value: string; label: string }) {
  const lookups = useRecordSource().byId;
  if (value !== MASK) return <MaskedValue value={value} label={label} />;
  const reveal = lookups
    ? () => lookups.revealSocialNumber(person.id)
    : () => revealSocialNumber(person.group, person.id);
  return <RevealableSecret label={label} reveal={reveal} />;
}

/** Keeps the rows that have a value: a read-only record lists what was filled in, nothing else. */
function filled(rows: { label: string; value: ReactNode | null | undefined | false }[]): Row[] {
  return rows.filter(
    (row): row is Row =>
      row.value !== null && row.value !== undefined && row.value !== false && row.value !== "",
  );
}

/** The read-only view of one person: every filled field, with its label (spec: view page). */
export function PersonDetails({ person }: { person: PersonRecord }) {
  const { t, i18n } = useTranslation(["network", "catalog"]);
  const typeLabel = useTypeLabel();
  const formatPhone = useFormatPhone();
  const countryName = useCountryName();
  const main = person.mainDetails;
  const addressIds = [person.homeAddress, person.mailingAddress, person.businessAddress].filter(
    (id): id is string => id !== null,
  );
  const findAddress = useAddressLookup(addressIds);
  const findInstitution = useInstitutionLookup(person.companyName ? [person.companyName] : []);
  const shared = useRecordSource().byId !== null;
  const directory = usePersonDirectory(!shared);
  const sharedPersons = useSharedPersons(
    shared ? [...person.iceDetails.emergencyContacts, ...person.kinDetails.emergencyContacts] : [],
  );
  // The owner's own persons open their contact summary; a nominee reads the names alone.
  const personName = (id: string): ReactNode => {
    if (shared) {
      const found = sharedPersons.get(id);
      return found && fullName(found.mainDetails);
    }
    const found = directory.get(id);
    return found && <PersonReference person={found} />;
  };
  const date = (value: number | null) => formatDate(value, i18n.language);
  const option = (list: PersonOptionList, value: unknown) => {
    const key = personOptionLabelKey(list, value);
    return key === null ? null : t(`catalog:${key}`);
  };
  const address = (id: string | null) => {
    const found = id === null ? undefined : findAddress(id);
    return found ? addressText(found, (code) => countryName(code)) : null;
  };
  const names = (ids: string[]) =>
    ids.length === 0 ? null : (
      <span>
        {ids.map((id, index) => (
          <Fragment key={id}>
            {index > 0 && ", "}
            {personName(id) ?? t("details.unknownPerson")}
          </Fragment>
        ))}
      </span>
    );
  const yesNo = (value: boolean | null) => (value === null ? null : t(value ? "details.yes" : "details.no"));
  const type = person.type === "other" && person.otherType ? person.otherType : typeLabel(person.type);

  return (
    <Stack gap="lg">
      <Group gap="lg" align="center">
        {main.imageSrc ? (
          <img
            src={main.imageSrc}
            alt={t("details.photoOf", { name: fullName(main) })}
            className={classes.photo}
          />
        ) : (
          <PersonAvatar name={main} imageSrc={null} size={120} />
        )}
        <Stack gap={4}>
          <Text size="lg" fw={600}>
            {t(`catalog:${relationshipGroupLabelKey(person.group)}`)}
            {type ? ` · ${type}` : ""}
          </Text>
          {main.birthday !== null && <Text>{t("card.birthday", { date: date(main.birthday) })}</Text>}
        </Stack>
      </Group>

      <Section
        title={t("details.main")}
        rows={filled([
          { label: t("field.firstName"), value: main.firstName },
          { label: t("field.middleName"), value: main.middleName },
          { label: t("field.lastName"), value: main.lastName },
          { label: t("field.nickname"), value: main.nickname },
          { label: t("field.prefferedName"), value: main.prefferedName },
          { label: t("field.birthday"), value: date(main.birthday) },
          { label: t("field.birthplace"), value: main.birthplace },
          { label: t("field.birthcountry"), value: main.birthcountry && countryName(main.birthcountry) },
          { label: t("field.citizenship"), value: main.citizenship && countryName(main.citizenship) },
          { label: t("field.gender"), value: option("gender", main.gender) },
          { label: t("field.maritalStatus"), value: option("maritalStatus", main.maritalStatus) },
          { label: t("field.motherMaidenName"), value: main.motherMaidenName },
          {
            label: t("field.socialNumber"),
            value: main.socialNumber && (
              <SocialNumber person={person} value={main.socialNumber} label={t("field.socialNumber")} />
            ),
          },
        ])}
      />

      <Section
        title={t("details.contact")}
        rows={[
          {
            label: t("field.phones"),
            value:
              person.contactDetails.phones.length === 0 ? (
                "-"
              ) : (
                <Stack gap={2}>
                  {person.contactDetails.phones.map((phone) => (
                    <span key={phone.number}>
                      {formatPhone(phone)}
                      {isPhoneType(phone.type) && ` (${t(`catalog:${phoneTypeLabelKey(phone.type)}`)})`}
                    </span>
                  ))}
                </Stack>
              ),
          },
          {
            label: t("field.emails"),
            value:
              person.contactDetails.emails.length === 0 ? (
                "-"
              ) : (
                <Stack gap={2}>
                  {person.contactDetails.emails.map((email) => (
                    <Anchor key={email} href={`mailto:${email}`}>
                      {email}
                    </Anchor>
                  ))}
                </Stack>
              ),
          },
          ...filled([
            { label: t("field.homeAddress"), value: address(person.homeAddress) },
            { label: t("field.mailingAddress"), value: address(person.mailingAddress) },
            {
              label: t("field.companyName"),
              value: person.companyName ? findInstitution(person.companyName)?.name : null,
            },
            { label: t("field.businessAddress"), value: address(person.businessAddress) },
          ]),
        ]}
      />

      <Section
        title={t("details.relationship")}
        rows={filled([
          { label: t("field.currentPartner"), value: yesNo(person.currentPartner) },
          { label: t("field.dependent"), value: yesNo(person.relationDetails?.dependent ?? null) },
          {
            label: t("field.origin"),
            value:
              person.relationDetails?.origin === "other"
                ? person.relationDetails.originOther
                : option("origin", person.relationDetails?.origin),
          },
          { label: t("field.emergencyContacts"), value: names(person.iceDetails.emergencyContacts) },
          { label: t("field.nextOfKin"), value: names(person.kinDetails.emergencyContacts) },
        ])}
      />

      <Section
        title={t("details.dates")}
        rows={filled([
          { label: t("field.marriage"), value: date(person.importantDates.marriage) },
          { label: t("field.separation"), value: date(person.importantDates.separation) },
          { label: t("field.divorce"), value: date(person.importantDates.divorce) },
          { label: t("field.death"), value: date(person.importantDates.death) },
        ])}
      />

      <Section
        title={t("details.notes")}
        rows={filled([
          {
            label: t("field.notes"),
            value: person.notes && <Text style={{ whiteSpace: "pre-wrap" }}>{person.notes}</Text>,
          },
        ])}
      />
    </Stack>
  );
}
