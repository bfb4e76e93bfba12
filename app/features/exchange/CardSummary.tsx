import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { countryName } from "../../../domain/catalog/countries.ts";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { CardAddress } from "../../../domain/schemas/vcard.ts";
import { useFormatPhone } from "../../components/phone/phoneLibrary.ts";
import type { AnyCard } from "./exchangeApi.ts";

/** An address on one line: its parts in order, the country by name. */
function addressLine(address: CardAddress, language: string): string | null {
  if (address === null) return null;
  const lng = isLanguage(language) ? language : "en";
  const country = address.country === null ? null : (countryName(address.country, lng) ?? address.country);
  const parts = [
    address.addressLine1,
    address.addressLine2,
    address.city,
    address.province ?? address.state ?? address.county,
    address.zip,
    country,
  ];
  return parts.filter(Boolean).join(", ") || null;
}

/** The name a card gives: a person's names, or an institution's name. */
export function cardName(card: AnyCard): string {
  if ("name" in card) return card.name;
  return [card.firstName, card.middleName, card.lastName].filter(Boolean).join(" ");
}

/** What a card holds, field by field (empty ones left out), for the merge dialog's two sides. */
export function CardSummary({ card }: { card: AnyCard }) {
  const { t, i18n } = useTranslation("exchange");
  const formatPhone = useFormatPhone();
  const rows: [string, string | null][] = [
    [t("vcard.field.name"), cardName(card)],
    ...("firstName" in card
      ? ([
          [t("vcard.field.nickname"), card.nickname],
          [t("vcard.field.birthday"), formatDate(card.birthday, i18n.language)],
        ] as [string, string | null][])
      : ([
          [t("vcard.field.website"), card.website],
          [t("vcard.field.address"), addressLine(card.address, i18n.language)],
        ] as [string, string | null][])),
    [t("vcard.field.emails"), card.emails.join(", ") || null],
    [t("vcard.field.phones"), card.phones.map((phone) => formatPhone(phone)).join(", ") || null],
    ...("notes" in card
      ? ([
          [t("vcard.field.homeAddress"), addressLine(card.homeAddress, i18n.language)],
          [t("vcard.field.mailingAddress"), addressLine(card.mailingAddress, i18n.language)],
          [t("vcard.field.notes"), card.notes],
        ] as [string, string | null][])
      : []),
  ];
  return (
    <Stack gap={4} component="dl" m={0}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {value}
            </Text>
          </div>
        ))}
    </Stack>
  );
}
