import { countryName } from "../../../domain/catalog/countries.ts";
import type { Language } from "../../../domain/catalog/languages.ts";
import { type PersonOptionList, personOptionLabelKey } from "../../../domain/catalog/personOptions.ts";
import { type PersonGroup, relationshipGroupLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import { buildFamilyTree, type FamilyTree } from "../../../domain/familyTree.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import type { FileSnapshot, FileSnapshotRecord } from "../../../domain/schemas/file-export.ts";
import type { Institution } from "../../../domain/schemas/institution.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { personListItemOf } from "../../../domain/schemas/personListItem.ts";
import { type AssignedType, isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { isFieldVisible } from "../../../domain/sections/fields.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { categoryLabelKey, fieldLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { RECORD_MODULES, type RecordModule } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import type {
  BinderAttachment,
  BinderBook,
  BinderChapter,
  BinderComment,
  BinderEntry,
  BinderRow,
  BinderSection,
  BinderTree,
} from "./book.ts";
import { firstHoursOf } from "./first-hours.ts";
import { personName, phoneLines, recordHeading, recordHeadingParts, relationOf } from "./names.ts";
import { isFilled, phoneText, type ValueContext, valueText } from "./values.ts";

/**
 * The binder's contents from a snapshot of the owner's file (server/modules/portability), every
 * label from the declarations and the catalogue in the reader's language: the personal network
 * with its family tree, each record module's categories, the addresses and institutions, and the
 * list of attached documents. What the snapshot holds is what is printed (a nominee's snapshot
 * holds only what the grant shows); `chapters` chooses which parts of it make the binder.
 */

/** Which binder: the whole file, one module's, or what a nominee may see. */
export type BinderKind =
  | { kind: "whole" }
  | { kind: "module"; module: "personal-network" | RecordModule }
  | { kind: "nominee" };

export type ComposeInput = {
  snapshot: FileSnapshot;
  binder: BinderKind;
  /** Whose file it is, as the cover names them. */
  ownerName: string;
  language: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  /** The attached documents the binder lists, with their appended pages (see append.ts). */
  attachments: readonly BinderAttachment[];
};

/** The documents a binder lists: a module's binder lists its module's documents and its records'. */
export function documentsOf(snapshot: FileSnapshot, binder: BinderKind): FileSnapshot["documents"] {
  if (binder.kind !== "module") return snapshot.documents;
  const records = new Set(recordsOf(snapshot, binder).map((record) => record.id));
  const module: string = binder.module;
  return snapshot.documents.filter(
    (document) =>
      document.module === module ||
      document.assignedModule === module ||
      (document.assignedDocument !== null && records.has(document.assignedDocument)),
  );
}

function recordsOf(snapshot: FileSnapshot, binder: BinderKind): readonly FileSnapshotRecord[] {
  return binder.kind === "module"
    ? snapshot.records.filter((record) => record.module === binder.module)
    : snapshot.records;
}

/** Where a document is filed, in words: its category (or person group) label, else its module's. */
export function filedUnder(
  document: Pick<FileSnapshot["documents"][number], "type" | "module" | "assignedType">,
  t: ComposeInput["t"],
): string {
  const type = document.assignedType ?? document.type;
  if (isAssignedType(type)) return t(categoryLabelKey(type));
  return t(moduleLabelKey(document.module as RecordModule));
}

export function composeBook(input: ComposeInput): BinderBook {
  const { snapshot, binder, t, language } = input;
  const persons = new Map(snapshot.persons.map((person) => [person.id, person]));
  const addresses = new Map(snapshot.addresses.map((address) => [address.id, address]));
  const institutions = new Map(snapshot.institutions.map((institution) => [institution.id, institution]));
  const records = new Map(snapshot.records.map((record) => [record.id, record]));
  const documents = new Map(snapshot.documents.map((document) => [document.id, document]));
  const comments = new Map<string, BinderComment[]>();
  for (const comment of snapshot.comments) {
    const list = comments.get(comment.subjectId) ?? [];
    list.push({
      author: input.ownerName,
      time: formatDate(comment.createTime, language) ?? "",
      text: comment.notes,
    });
    comments.set(comment.subjectId, list);
  }

  const context: ValueContext = {
    language,
    t,
    personName: (id) => {
      const person = persons.get(id);
      return person === undefined ? undefined : personName(person);
    },
    addressText: (id) => {
      const address = addresses.get(id);
      return address === undefined ? undefined : addressText(address, language);
    },
    institutionName: (id) => institutions.get(id)?.name,
    recordName: (id) => {
      const record = records.get(id);
      return record === undefined ? undefined : recordHeading(record, context);
    },
    documentName: (id) => {
      const document = documents.get(id);
      return document === undefined ? undefined : (document.fileName ?? document.description ?? undefined);
    },
  };
  const commentsOf = (id: string) => comments.get(id) ?? [];

  const chapters: BinderChapter[] = [];
  const wants = (module: "personal-network" | RecordModule | "places") =>
    binder.kind !== "module" || binder.module === module;
  if (wants("personal-network") && snapshot.persons.length > 0) {
    chapters.push(networkChapter(snapshot.persons, context, commentsOf));
  }
  for (const module of RECORD_MODULES) {
    if (!wants(module)) continue;
    const sections = categoriesOf(module).flatMap((category) => {
      const entries = snapshot.records
        .filter((record) => record.category === category.key)
        .map((record) => recordEntry(category, record, context, commentsOf(record.id)));
      return entries.length === 0
        ? []
        : [{ title: t(categoryLabelKey(category.key as AssignedType)), entries }];
    });
    // A module's own binder says it is empty; the whole file leaves an empty module out.
    if (sections.length > 0 || binder.kind === "module")
      chapters.push({ title: t(moduleLabelKey(module)), sections });
  }
  if (binder.kind !== "module" && (snapshot.addresses.length > 0 || snapshot.institutions.length > 0)) {
    chapters.push(placesChapter(snapshot, context));
  }

  const scopeLine =
    binder.kind === "whole"
      ? t("binder:cover.whole", { name: input.ownerName })
      : binder.kind === "module"
        ? t("binder:cover.module", { module: t(moduleLabelKey(binder.module)), name: input.ownerName })
        : t("binder:cover.nominee", { name: input.ownerName });
  return {
    language,
    title: `${t("binder:title")} · ${input.ownerName}`,
    cover: {
      product: t("binder:cover.product"),
      heading: t("binder:title"),
      owner: input.ownerName,
      scope: scopeLine,
      madeOn: t("binder:cover.madeOn", { date: formatDate(snapshot.exportedAt, language) }),
      about: t("binder:cover.about"),
      notice: t(snapshot.secrets ? "binder:cover.withSecrets" : "binder:cover.withoutSecrets"),
    },
    ...(binder.kind === "module"
      ? {}
      : { firstHours: firstHoursOf({ snapshot, context, withNominees: binder.kind === "whole" }) }),
    words: {
      contents: t("binder:contents"),
      attachments: t("binder:attachments.title"),
      attachmentsNone: t("binder:attachments.none"),
      pageOf: (page, total) => t("binder:pageOf", { page, total }),
      appendedAt: (page) => t("binder:attachments.appendedAt", { page }),
      notAppended: t("binder:attachments.listed"),
      empty: t("binder:empty"),
      comments: t("binder:comments"),
    },
    chapters,
    attachments: input.attachments,
  };
}

function recordEntry(
  category: CategoryDef,
  record: FileSnapshotRecord,
  context: ValueContext,
  comments: readonly BinderComment[],
): BinderEntry {
  const rows: BinderRow[] = [];
  for (const field of category.fields) {
    if (!isFieldVisible(field, record.body)) continue;
    const value = valueText(field, record.body, context);
    if (value !== "") rows.push({ label: context.t(fieldLabelKey(category.key, field.key)), value });
  }
  return withoutHeading(
    { heading: recordHeading(record, context), rows, comments },
    recordHeadingParts(record, context),
  );
}

/** An entry without the rows its heading already says ("Gmail" under the heading "Gmail"). */
function withoutHeading(entry: BinderEntry, parts: readonly string[]): BinderEntry {
  const said = new Set([entry.heading, ...parts]);
  return { ...entry, rows: entry.rows.filter((row) => !said.has(row.value)) };
}

export function addressText(address: Address, language: Language): string {
  const region = address.province ?? address.state ?? address.county;
  return [
    address.addressLine1,
    address.addressLine2,
    [address.city, region, address.zip].filter(Boolean).join(", "),
    countryName(address.country ?? "", language) ?? address.country,
  ]
    .filter((line) => line !== null && line !== undefined && line !== "")
    .join("\n");
}

function placesChapter(snapshot: FileSnapshot, context: ValueContext): BinderChapter {
  const { t, language } = context;
  const addressEntries = snapshot.addresses.map(
    (address): BinderEntry =>
      withoutHeading(
        {
          heading: address.name ?? addressText(address, language).split("\n")[0] ?? "",
          rows: [
            { label: t("forms:address.nickname"), value: address.name ?? "" },
            {
              label: t("binder:address"),
              value: addressText(address, language),
            },
          ].filter((row) => row.value !== ""),
          comments: [],
        },
        [],
      ),
  );
  const institutionEntries = snapshot.institutions.map((institution) =>
    institutionEntry(institution, context),
  );
  return {
    title: t("binder:chapter.places"),
    sections: [
      ...(addressEntries.length > 0
        ? [{ title: t("binder:section.addresses"), entries: addressEntries }]
        : []),
      ...(institutionEntries.length > 0
        ? [{ title: t("binder:section.institutions"), entries: institutionEntries }]
        : []),
    ],
  };
}

function institutionEntry(institution: Institution, context: ValueContext): BinderEntry {
  const { t } = context;
  const rows: BinderRow[] = [
    { label: t("forms:company.website"), value: institution.website ?? "" },
    { label: t("network:field.phones"), value: institution.phones.map(phoneText).join("\n") },
    { label: t("network:field.emails"), value: institution.emails.join("\n") },
    {
      label: t("forms:company.address"),
      value: institution.address === null ? "" : (context.addressText(institution.address) ?? ""),
    },
  ];
  return { heading: institution.name, rows: rows.filter((row) => row.value !== ""), comments: [] };
}

/** The person groups (PERSON_GROUPS) in the order the Personal Network's menu shows them. */
const GROUP_ORDER: readonly PersonGroup[] = [
  "me",
  "partner",
  "child",
  "dependent",
  "relative",
  "advisor",
  "networkperson",
  "officenetworkperson",
];

function networkChapter(
  persons: readonly PersonRecord[],
  context: ValueContext,
  commentsOf: (id: string) => readonly BinderComment[],
): BinderChapter {
  const { t } = context;
  const sections: BinderSection[] = GROUP_ORDER.flatMap((group) => {
    const entries = persons
      .filter((person) => person.group === group)
      .map((person) => personEntry(person, context, commentsOf(person.id)));
    return entries.length === 0 ? [] : [{ title: t(`catalog:${relationshipGroupLabelKey(group)}`), entries }];
  });
  return { title: t(moduleLabelKey("personal-network")), tree: familyTree(persons, context), sections };
}

function familyTree(persons: readonly PersonRecord[], context: ValueContext): BinderTree | undefined {
  const tree: FamilyTree = buildFamilyTree(persons.map(personListItemOf));
  const byId = new Map(persons.map((person) => [person.id, person]));
  const boxes = (list: readonly PersonListItem[]) =>
    list.flatMap((item) => {
      const person = byId.get(item.id);
      return person === undefined
        ? []
        : [{ name: personName(person), relation: relationOf(person, context.t) }];
    });
  const generation = (key: string, list: readonly PersonListItem[]) => ({
    label: context.t(`network:tree.generation.${key}`),
    persons: boxes(list),
  });
  const generations = [
    generation("grandparents", tree.grandparents),
    generation("parents", tree.parents),
    generation("self", [...tree.siblings, ...(tree.me === null ? [] : [tree.me]), ...tree.partners]),
    generation("children", tree.children),
    generation("otherDependents", tree.otherDependents),
  ];
  if (generations.every((row) => row.persons.length === 0)) return undefined;
  return { title: context.t("binder:tree"), generations };
}

function personEntry(
  person: PersonRecord,
  context: ValueContext,
  comments: readonly BinderComment[],
): BinderEntry {
  const { t, language } = context;
  const main = person.mainDetails;
  const date = (value: number | null) => (value === null ? "" : (formatDate(value, language) ?? ""));
  const country = (code: string | null) => (code === null ? "" : (countryName(code, language) ?? code));
  const names = (ids: readonly string[]) => ids.flatMap((id) => context.personName(id) ?? []).join(", ");
  const option = (list: PersonOptionList, value: unknown) => {
    const key = personOptionLabelKey(list, value);
    return key === null ? "" : t(`catalog:${key}`);
  };
  const label = (key: string) => t(`network:field.${key}`);
  const rows: BinderRow[] = [
    { label: t("binder:relation"), value: person.group === "me" ? "" : relationOf(person, t) },
    { label: label("firstName"), value: main.firstName },
    { label: label("middleName"), value: main.middleName ?? "" },
    { label: label("lastName"), value: main.lastName ?? "" },
    { label: label("nickname"), value: main.nickname ?? "" },
    { label: label("prefferedName"), value: main.prefferedName ?? "" },
    { label: label("birthday"), value: date(main.birthday) },
    { label: label("birthplace"), value: main.birthplace ?? "" },
    { label: label("birthcountry"), value: country(main.birthcountry) },
    { label: label("citizenship"), value: country(main.citizenship) },
    { label: label("gender"), value: option("gender", main.gender) },
    { label: label("maritalStatus"), value: option("maritalStatus", main.maritalStatus) },
    { label: label("motherMaidenName"), value: main.motherMaidenName ?? "" },
    { label: label("socialNumber"), value: main.socialNumber ?? "" },
    {
      label: label("phones"),
      value: phoneLines(person, t),
    },
    { label: label("emails"), value: person.contactDetails.emails.join("\n") },
    { label: label("homeAddress"), value: refText(person.homeAddress, context.addressText) },
    { label: label("mailingAddress"), value: refText(person.mailingAddress, context.addressText) },
    { label: label("companyName"), value: refText(person.companyName, context.institutionName) },
    { label: label("businessAddress"), value: refText(person.businessAddress, context.addressText) },
    { label: label("origin"), value: option("origin", person.relationDetails?.origin) },
    {
      label: label("dependent"),
      value: isFilled(person.relationDetails?.dependent)
        ? t(person.relationDetails?.dependent ? "records:value.yes" : "records:value.no")
        : "",
    },
    { label: label("emergencyContacts"), value: names(person.iceDetails.emergencyContacts) },
    { label: label("nextOfKin"), value: names(person.kinDetails.emergencyContacts) },
    { label: label("marriage"), value: date(person.importantDates.marriage) },
    { label: label("separation"), value: date(person.importantDates.separation) },
    { label: label("divorce"), value: date(person.importantDates.divorce) },
    { label: label("death"), value: date(person.importantDates.death) },
    { label: label("notes"), value: person.notes ?? "" },
  ];
  return withoutHeading(
    { heading: personName(person), rows: rows.filter((row) => row.value !== ""), comments },
    [main.firstName, main.lastName ?? ""],
  );
}

function refText(id: string | null, name: (id: string) => string | undefined): string {
  return id === null ? "" : (name(id) ?? "");
}
