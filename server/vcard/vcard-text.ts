/**
 * vCard files written and read with vcard4: this file alone speaks it. Its callers load it on first
 * use (`await import`), so the library sits in a chunk of its own and the idle server stays small.
 */
import {
  AdrProperty,
  BdayProperty,
  DateTimeType,
  EmailProperty,
  ExtendedProperty,
  FNProperty,
  KindProperty,
  NicknameProperty,
  NoteProperty,
  NProperty,
  OrgProperty,
  ParameterValueType,
  PhotoProperty,
  parse,
  SpecialValueType,
  TelProperty,
  TextListType,
  TextType,
  TitleProperty,
  TypeParameter,
  URIType,
  URLProperty,
  ValueParameter,
  VCARD,
} from "vcard4";
import type { PhoneType } from "../../domain/catalog/phones.ts";
import { emptyContact, UnreadableVcardError, type VcardContact } from "./contact.ts";

/** The spec's phone types as vCard TEL types, and back (a work cell is both). */
const TEL_TYPES: Record<PhoneType, string[]> = {
  home: ["home", "voice"],
  mobile: ["cell"],
  work: ["work", "voice"],
  workMobile: ["work", "cell"],
  other: ["voice"],
};

export function phoneTypeOf(types: readonly string[]): PhoneType {
  const has = (type: string) => types.includes(type);
  if (has("cell")) return has("work") ? "workMobile" : "mobile";
  if (has("work")) return "work";
  if (has("home")) return "home";
  return "other";
}

const text = (value: string) => new TextType(value);
const optionalText = (value: string | null) => (value ? new TextType(value) : undefined);
const types = (target: string, values: readonly string[]) =>
  new TypeParameter(
    target,
    values.map((value) => new ParameterValueType(value)),
  );

function basicDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10).replaceAll("-", "");
}

/** Kinfile's own property for a person's relationship type: other address books keep it unread. */
const RELATIONSHIP_PROPERTY = "X-KINFILE-RELATIONSHIP";

/** One vCard 4.0 (RFC 6350), built by vcard4, which escapes and folds each value. */
function writeVcard(contact: VcardContact): string {
  const properties: ConstructorParameters<typeof VCARD>[0] = [
    new KindProperty([], new SpecialValueType("KindProperty", contact.kind)),
    new FNProperty([], text(contact.formattedName)),
  ];
  if (contact.kind === "individual") {
    properties.push(
      new NProperty(
        [],
        new SpecialValueType("NProperty", [
          optionalText(contact.family),
          optionalText(contact.given),
          optionalText(contact.additional),
          undefined,
          undefined,
        ]),
      ),
    );
  }
  if (contact.nickname) {
    properties.push(new NicknameProperty([], new TextListType([text(contact.nickname)])));
  }
  if (contact.birthday !== null) {
    properties.push(new BdayProperty([], new DateTimeType("dateandortime", basicDate(contact.birthday))));
  }
  for (const email of contact.emails) properties.push(new EmailProperty([], text(email)));
  for (const phone of contact.phones) {
    const uri = new URIType(`tel:${phone.number}`);
    properties.push(
      new TelProperty(
        [new ValueParameter(uri), ...(phone.type ? [types("TelProperty", TEL_TYPES[phone.type])] : [])],
        uri,
      ),
    );
  }
  for (const address of contact.addresses) {
    properties.push(
      new AdrProperty(
        address.type ? [types("AdrProperty", [address.type])] : [],
        new SpecialValueType("AdrProperty", [
          undefined,
          optionalText(address.extended),
          optionalText(address.street),
          optionalText(address.locality),
          optionalText(address.region),
          optionalText(address.postalCode),
          optionalText(address.country),
        ]),
      ),
    );
  }
  if (contact.org)
    properties.push(new OrgProperty([], new SpecialValueType("OrgProperty", [text(contact.org)])));
  if (contact.title) properties.push(new TitleProperty([], text(contact.title)));
  if (contact.url) properties.push(new URLProperty([], new URIType(contact.url)));
  if (contact.note) properties.push(new NoteProperty([], text(contact.note)));
  if (contact.photo) properties.push(new PhotoProperty([], new URIType(contact.photo)));
  if (contact.relationship) {
    properties.push(new ExtendedProperty(RELATIONSHIP_PROPERTY, [], text(contact.relationship)));
  }
  return new VCARD(properties).repr();
}

/** Several contacts as one .vcf file. */
export function writeVcards(contacts: readonly VcardContact[]): string {
  return contacts.map(writeVcard).join("");
}

type ParsedProperty = { property: string; parameters: Record<string, string | string[]>; value: unknown };

function parameterValues(property: ParsedProperty, name: string): string[] {
  const value = property.parameters[name];
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return values.flatMap((item) => item.split(",")).map((item) => item.trim().toLowerCase());
}

function asText(value: unknown): string | null {
  if (Array.isArray(value)) return asText(value[0]);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** BDAY as 19800315 or 1980-03-15 (3.0 writes the dashes); a date without a year is not one the file keeps. */
function birthdayOf(value: string | null): number | null {
  const match = value === null ? null : /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  if (match === null) return null;
  const epochMs = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(epochMs) ? null : epochMs;
}

function contactOf(properties: readonly ParsedProperty[]): VcardContact {
  const all = (name: string) => properties.filter((property) => property.property === name);
  const first = (name: string) => asText(all(name)[0]?.value);
  const structured = (name: string) => all(name)[0]?.value as Record<string, string | string[]> | undefined;
  const n = structured("N");
  const kind = first("KIND")?.toLowerCase() === "org" ? "org" : "individual";
  const contact = emptyContact(kind, first("FN") ?? "");
  contact.given = asText(n?.givenNames);
  contact.additional = asText(n?.additionalNames);
  contact.family = asText(n?.familyNames);
  contact.nickname = first("NICKNAME");
  contact.birthday = birthdayOf(first("BDAY"));
  contact.emails = all("EMAIL").flatMap((property) => asText(property.value) ?? []);
  contact.phones = all("TEL").flatMap((property) => {
    const number = asText(property.value)?.replace(/^tel:/i, "");
    return number ? [{ number, type: phoneTypeOf(parameterValues(property, "TYPE")) }] : [];
  });
  contact.addresses = all("ADR").map((property) => {
    const parts = property.value as Record<string, string>;
    const kinds = parameterValues(property, "TYPE");
    return {
      type: kinds.includes("home") ? "home" : kinds.includes("work") ? "work" : null,
      street: asText(parts.streetAddress),
      extended: asText(parts.extendedAddress),
      locality: asText(parts.locality),
      region: asText(parts.region),
      postalCode: asText(parts.postalCode),
      country: asText(parts.countryName),
    };
  });
  const notes = all("NOTE").flatMap((property) => asText(property.value) ?? []);
  contact.note = notes.length === 0 ? null : notes.join("\n");
  contact.org = first("ORG");
  contact.title = first("TITLE");
  contact.url = first("URL");
  contact.relationship = first(RELATIONSHIP_PROPERTY);
  return contact;
}

/** Properties that carry media (a photo, a logo, a sound, a key), often inline: never imported. */
const MEDIA_PROPERTY = /^(?:[\w-]+\.)?(?:PHOTO|LOGO|SOUND|KEY)[;:]/i;

/**
 * Longest content line read, once unfolded: a 2048-character note escaped twice over fits; past it a
 * line is refused before vcard4 reads it (its parameter parsing grows faster than a line's length).
 */
const CONTENT_LINE_MAX = 8192;

/**
 * A file as vcard4 reads it: CRLF line ends, folded lines joined (RFC 6350 3.2), blank lines and
 * media properties left out, a 3.0 card's version line made 4.0.
 */
function preparedForVcard4(file: string): string {
  const lines = file
    .replace(/^\uFEFF/, "")
    .replace(/\r\n|\r|\n/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !MEDIA_PROPERTY.test(line))
    .map((line) => (/^VERSION:3\.0$/i.test(line.trim()) ? "VERSION:4.0" : line));
  if (lines.some((line) => line.length > CONTENT_LINE_MAX)) {
    throw new UnreadableVcardError(`a content line is longer than ${CONTENT_LINE_MAX} characters`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The contacts of a .vcf file, read by vcard4 (RFC 6350). vcard4 reads vCard 4.0 only; a 3.0 card
 * (most address books' export) is read as 4.0, which holds for its usual content (names, emails,
 * phones, addresses, notes; its photo is left out like every card's); one using what 4.0 dropped
 * (such as CHARSET) is refused like any unreadable file.
 */
export function readContacts(file: string): VcardContact[] {
  const prepared = preparedForVcard4(file);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(prepared);
  } catch (error) {
    throw new UnreadableVcardError((error as Error).message, { cause: error });
  }
  const cards = Array.isArray(parsed) ? parsed : [parsed];
  return cards.map((card) => contactOf(card.parsedVcard as ParsedProperty[]));
}
