import { List, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currencySymbol, formatAmount } from "../../../domain/catalog/currencies.ts";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import { type OptionListName, OTHER_OPTION, optionLabelKey } from "../../../domain/catalog/optionLists.ts";
import { relationshipGroupLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import { MASK } from "../../../domain/secrets.ts";
import type { FieldDef } from "../../../domain/sections/types.ts";
import { PersonReference } from "../../features/personal-network/PersonReference.tsx";
import { fullName } from "../../features/personal-network/personDisplay.ts";
import { useRecordSource } from "../../features/records/recordSource.tsx";
import { useCountryName } from "../country/countryOptions.ts";
import { MaskedValue } from "../MaskedValue.tsx";
import { useFormatPhone } from "../phone/phoneLibrary.ts";
import { DocumentsDisplay } from "./DocumentsField.tsx";
import { useAddressLookup, useInstitutionLookup, useSharedPersons } from "./lookups.ts";
import { usePersonChoices } from "./personOptions.ts";
import { RevealableSecret } from "./RevealableSecret.tsx";
import { useRecordOptions } from "./recordOptions.ts";

/** A reference as lists answer it: `{ id, name }` (name null for records). */
type NamedRef = { id: string; name: string | null };

function isNamedRef(value: unknown): value is NamedRef {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string";
}

/** Whether a stored value shows anything (empty text, lists and nulls are left out of the view). */
export function isFilledValue(value: unknown): boolean {
  return (
    value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)
  );
}

export interface FieldDisplayProps {
  field: FieldDef;
  label: string;
  value: unknown;
  /** The `<field>Other` text, shown for `other`. */
  otherText?: unknown;
  /** A saved secret: its eye asks the API for the clear value. */
  reveal?: () => Promise<string | null>;
  /** The record's module, category and id: attached documents are read there. */
  place?: { module: string; category: string; recordId?: string };
  /** Drawn inside a link (a record's card): plain text, since a control inside a link is unusable. */
  inLink?: boolean;
}

/** A record's value as text, per declared type (dates DD MMM, YYYY; money with 2 decimals). */
export function FieldDisplay({
  field,
  label,
  value,
  otherText,
  reveal,
  place,
  inLink = false,
}: FieldDisplayProps) {
  const { t, i18n } = useTranslation(["records", "catalog", "sections"]);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const dash = <Text>-</Text>;
  if (!isFilledValue(value)) return dash;
  const other = typeof otherText === "string" && otherText !== "" ? otherText : null;
  const optionLabel = (key: string) =>
    key === OTHER_OPTION && other
      ? other
      : t(optionLabelKey((field.options ?? "") as Exclude<OptionListName, "country">, key));

  switch (field.type) {
    case "secret":
      if (value === MASK && reveal) return <RevealableSecret label={label} reveal={reveal} />;
      if (value === MASK) return <MaskedText />;
      return <MaskedValue value={typeof value === "string" ? value : null} label={label} />;
    case "date":
      return <Text>{typeof value === "number" ? formatDate(value, language) : "-"}</Text>;
    case "money": {
      const money = value as { amount: number; currency: string; currencyOther: string | null };
      const code = money.currency === OTHER_OPTION ? (money.currencyOther ?? "") : money.currency;
      return (
        <Text>
          {currencySymbol(code)} {formatAmount(money.amount, language)}
        </Text>
      );
    }
    case "number":
      return (
        <Text>{new Intl.NumberFormat(language === "fr" ? "fr-CA" : "en-CA").format(Number(value))}</Text>
      );
    case "boolean":
      return <Text>{t(value ? "records:value.yes" : "records:value.no")}</Text>;
    case "select":
      if (field.options === "country") return <CountryName code={String(value)} />;
      if (field.options === "province" && typeof value === "string" && !/^[a-z]{2}$/.test(value)) {
        return <Text>{value}</Text>;
      }
      return <Text>{optionLabel(String(value))}</Text>;
    case "multiselect":
      return <Items items={(value as string[]).map(optionLabel)} />;
    case "phone":
      return <PhoneText value={value as { number: string }} />;
    case "url":
      if (inLink) return <Text style={{ overflowWrap: "anywhere" }}>{String(value)}</Text>;
      return (
        <Text
          component="a"
          href={String(value)}
          target="_blank"
          rel="noreferrer"
          c="blue.8"
          td="underline"
          style={{ overflowWrap: "anywhere" }}
        >
          {String(value)}
        </Text>
      );
    case "personRef":
    case "personRefs":
    case "addressRef":
    case "institutionRef":
    case "recordRef":
      return <RefNames field={field} value={value} plain={inLink} />;
    case "documents":
      return place ? (
        <DocumentsDisplay
          label={label}
          value={value as string[]}
          module={place.module}
          category={place.category}
          recordId={place.recordId}
        />
      ) : (
        <Text>{t("records:documents.count", { count: (value as unknown[]).length })}</Text>
      );
    default:
      // Long words break only when a line holds nothing else, so a narrow column never splits a word.
      return <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }}>{String(value)}</Text>;
  }
}

/** A secret the list does not carry: asterisks, read as "Hidden". */
function MaskedText() {
  const { t } = useTranslation("forms");
  return (
    <Text ff="monospace">
      <span aria-hidden>{MASK}</span>
      <VisuallyHidden>{t("masked.hidden")}</VisuallyHidden>
    </Text>
  );
}

function Items({ items }: { items: readonly ReactNode[] }) {
  if (items.length === 1) return <Text>{items[0]}</Text>;
  return (
    <List size="sm" spacing={2}>
      {items.map((item, index) => (
        // Items are labels of distinct keys; their order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

function CountryName({ code }: { code: string }) {
  const countryName = useCountryName();
  return <Text>{countryName(code)}</Text>;
}

function PhoneText({ value }: { value: { number: string } }) {
  const format = useFormatPhone();
  return <Text>{format(value)}</Text>;
}

/**
 * References by name: lists already carry `{ id, name }`; a record's body carries ids, named here
 * from the saved persons, addresses, companies and records the forms load anyway.
 */
function RefNames({ field, value, plain }: { field: FieldDef; value: unknown; plain: boolean }) {
  const items = Array.isArray(value) ? value : [value];
  const isPerson = field.type === "personRef" || field.type === "personRefs";
  const shared = useRecordSource().byId !== null;
  if (items.every(isNamedRef)) {
    // The owner's list cells open the contact summary too; a nominee's show the names they carry.
    return isPerson && !shared && !plain ? (
      <OwnPersonNames ids={items.map((item) => item.id)} named={items} />
    ) : (
      <NamedRefs items={items} />
    );
  }
  const ids = items.filter((item): item is string => typeof item === "string");
  switch (field.type) {
    case "personRef":
    case "personRefs":
      return <PersonNames ids={ids} />;
    case "addressRef":
      return <AddressNames ids={ids} />;
    case "institutionRef":
      return <InstitutionNames ids={ids} />;
    default:
      return <RecordNames ids={ids} categories={field.recordCategories ?? []} />;
  }
}

function NamedRefs({ items }: { items: readonly NamedRef[] }) {
  const { t } = useTranslation("records");
  return <Items items={items.map((item) => item.name ?? t("value.linkedRecord"))} />;
}

function namesFrom(ids: readonly string[], options: readonly { value: string; label: string }[]) {
  return ids.map((id) => options.find((option) => option.value === id)?.label ?? "-");
}

function PersonNames({ ids }: { ids: readonly string[] }) {
  return useRecordSource().byId ? <SharedPersonNames ids={ids} /> : <OwnPersonNames ids={ids} />;
}

/**
 * The user's own persons, each opening its contact summary; until their lists are read, the
 * names a list row carries (or a dash).
 */
function OwnPersonNames({ ids, named = [] }: { ids: readonly string[]; named?: readonly NamedRef[] }) {
  const choices = usePersonChoices();
  return (
    <Items
      items={ids.map((id) => {
        const choice = choices.find((item) => item.value === id);
        if (choice) return <PersonReference person={choice.person} label={choice.label} />;
        return named.find((item) => item.id === id)?.name ?? "-";
      })}
    />
  );
}

/**
 * A shared file's persons, labelled like the owner's options: "First Last (Group)"; the owner's
 * own record ("Me" to them) is just their name, since the reader is someone else.
 */
function SharedPersonNames({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation("catalog");
  const persons = useSharedPersons(ids);
  return (
    <Items
      items={ids.map((id) => {
        const person = persons.get(id);
        if (!person) return "-";
        const name = fullName(person.mainDetails);
        return person.group === "me" ? name : `${name} (${t(relationshipGroupLabelKey(person.group))})`;
      })}
    />
  );
}

function AddressNames({ ids }: { ids: readonly string[] }) {
  const address = useAddressLookup(ids);
  return <Items items={ids.map((id) => address(id)?.name ?? "-")} />;
}

function InstitutionNames({ ids }: { ids: readonly string[] }) {
  const institution = useInstitutionLookup(ids);
  return <Items items={ids.map((id) => institution(id)?.name ?? "-")} />;
}

function RecordNames({ ids, categories }: { ids: readonly string[]; categories: readonly string[] }) {
  return <Items items={namesFrom(ids, useRecordOptions(categories))} />;
}
