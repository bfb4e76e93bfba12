import { releaseTimingLabelKey } from "../../../domain/catalog/releaseTimings.ts";
import type { FileSnapshot } from "../../../domain/schemas/file-export.ts";
import type { PersonRecord } from "../../../domain/schemas/person.ts";
import type { AssignedType } from "../../../domain/sections/assignedTypes.ts";
import { CATEGORIES, categoryDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { categoryOneKey, fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { personName, phoneLines, recordHeading, relationOf } from "../../file/binder/names.ts";
import { type ValueContext, valueText } from "../../file/binder/values.ts";
import type { BinderEntry, BinderFirstHours, BinderRow, BinderSection } from "./book.ts";

/**
 * The binder's first page, what a family reads in the first hours: who to call first, where the
 * will and the other key documents are, and who the nominees are. Everything comes from the
 * declarations: the fields marked `firstHours: "callFirst"` (a will's executors, a power of
 * attorney's attorneys) and `"whereKept"`, the categories marked `keyDocument`, the owner's
 * emergency contacts and next of kin, and the advisors of the Personal Network (executors first).
 */

export type FirstHoursInput = {
  snapshot: FileSnapshot;
  context: ValueContext;
  /** A nominee's binder does not list the other nominees. */
  withNominees: boolean;
};

const byCategoryOrder = new Map(CATEGORIES.map((category, index) => [category.key as string, index]));

/** The file's records of the declared categories, in the catalogue's order. */
function declaredRecords(
  snapshot: FileSnapshot,
): { category: CategoryDef; record: FileSnapshot["records"][number] }[] {
  return snapshot.records
    .flatMap((record) =>
      isCategoryKey(record.category) ? [{ category: categoryDef(record.category), record }] : [],
    )
    .sort((a, b) => (byCategoryOrder.get(a.category.key) ?? 0) - (byCategoryOrder.get(b.category.key) ?? 0));
}

function idsIn(value: unknown): string[] {
  if (typeof value === "string" && value !== "") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function callFirst({ snapshot, context }: FirstHoursInput): BinderEntry[] {
  const { t } = context;
  const persons = new Map(snapshot.persons.map((person) => [person.id, person]));
  const callers = new Map<string, { person: PersonRecord; roles: string[] }>();
  const add = (id: string, role: string) => {
    const person = persons.get(id);
    if (person === undefined || person.group === "me") return;
    const caller = callers.get(id) ?? { person, roles: [] };
    if (!caller.roles.includes(role)) caller.roles.push(role);
    callers.set(id, caller);
  };
  for (const { category, record } of declaredRecords(snapshot)) {
    for (const field of category.fields) {
      if (field.firstHours !== "callFirst") continue;
      const role = `${t(fieldLabelKey(category.key, field.key))} (${t(categoryOneKey(category.key as AssignedType))})`;
      for (const id of idsIn(record.body[field.key])) add(id, role);
    }
  }
  const me = snapshot.persons.find((person) => person.group === "me");
  for (const id of me?.iceDetails.emergencyContacts ?? []) add(id, t("network:field.emergencyContacts"));
  for (const id of me?.kinDetails.emergencyContacts ?? []) add(id, t("network:field.nextOfKin"));
  const advisors = snapshot.persons
    .filter((person) => person.group === "advisor")
    .sort((a, b) => Number(b.type === "executor") - Number(a.type === "executor"));
  for (const advisor of advisors) add(advisor.id, relationOf(advisor, t));

  return [...callers.values()].map(({ person, roles }) => ({
    heading: personName(person),
    rows: [
      { label: t("binder:firstHours.role"), value: roles.join("\n") },
      { label: t("network:field.phones"), value: phoneLines(person, t) },
      { label: t("network:field.emails"), value: person.contactDetails.emails.join("\n") },
    ].filter((row) => row.value !== ""),
    comments: [],
  }));
}

function whereKept({ snapshot, context }: FirstHoursInput): BinderEntry[] {
  const { t } = context;
  return declaredRecords(snapshot)
    .filter(({ category }) => category.keyDocument === true)
    .map(({ category, record }) => {
      const rows: BinderRow[] = category.fields
        .filter((field) => field.firstHours === "whereKept")
        .map((field) => ({
          label: t(fieldLabelKey(category.key, field.key)),
          value: valueText(field, record.body, context),
        }))
        .filter((row) => row.value !== "");
      const attached = new Set([
        ...idsIn(record.body.documents),
        ...snapshot.documents.filter((document) => document.assignedDocument === record.id).map((d) => d.id),
      ]);
      const names = [...attached].flatMap((id) => context.documentName(id) ?? []);
      if (names.length > 0) rows.push({ label: t("binder:firstHours.attached"), value: names.join("\n") });
      if (rows.length === 0)
        rows.push({ label: t("binder:firstHours.kept"), value: t("binder:firstHours.notRecorded") });
      return {
        heading: `${t(categoryOneKey(category.key as AssignedType))} · ${recordHeading(record, context)}`,
        rows,
        comments: [],
      };
    });
}

function nominees({ snapshot, context }: FirstHoursInput): BinderEntry[] {
  const { t } = context;
  return snapshot.nominees.map((nominee) => ({
    heading: `${nominee.firstName} ${nominee.lastName}`,
    rows: [
      { label: t("sharing:view.email"), value: nominee.email },
      { label: t("sharing:form.release"), value: t(`catalog:${releaseTimingLabelKey(nominee.release)}`) },
    ],
    comments: [],
  }));
}

export function firstHoursOf(input: FirstHoursInput): BinderFirstHours {
  const { t } = input.context;
  const sections: BinderSection[] = [
    { title: t("binder:firstHours.callFirst"), entries: callFirst(input) },
    { title: t("binder:firstHours.whereKept"), entries: whereKept(input) },
    ...(input.withNominees ? [{ title: t("binder:firstHours.nominees"), entries: nominees(input) }] : []),
  ];
  return { title: t("binder:firstHours.title"), intro: t("binder:firstHours.intro"), sections };
}
