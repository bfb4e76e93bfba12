import { isPhoneType, phoneTypeLabelKey } from "../../../domain/catalog/phones.ts";
import {
  type RelationshipType,
  relationshipGroupLabelKey,
  relationshipTypeLabelKey,
} from "../../../domain/catalog/relationships.ts";
import type { FileSnapshotRecord } from "../../../domain/schemas/file-export.ts";
import type { PersonRecord } from "../../../domain/schemas/person.ts";
import { isCategoryKey, listColumns } from "../../../domain/sections/index.ts";
import { categoryOneKey } from "../../../domain/sections/labels.ts";
import type { BinderEntry } from "./part.ts";
import { phoneText, type ValueContext, valueText } from "./values.ts";

/**
 * How the binder names what it prints: a person, a person's relation to the owner, a record. The
 * chapters and the first page use the same names, so a family finds the same words in both.
 */

export function personName(person: Pick<PersonRecord, "mainDetails">): string {
  const { firstName, lastName } = person.mainDetails;
  return [firstName, lastName].filter(Boolean).join(" ");
}

export function relationOf(person: PersonRecord, t: ValueContext["t"]): string {
  if (person.group === "me") return t("network:tree.you");
  if (person.type === "other" && person.otherType) return person.otherType;
  return person.type === null
    ? t(`catalog:${relationshipGroupLabelKey(person.group)}`)
    : t(`catalog:${relationshipTypeLabelKey(person.type as RelationshipType)}`);
}

/** The parts of a record's name: its first list columns, as the app's lists show them. */
export function recordHeadingParts(record: FileSnapshotRecord, context: ValueContext): string[] {
  if (!isCategoryKey(record.category)) return [];
  return listColumns(record.category)
    .slice(0, 2)
    .filter((field) => field.type !== "secret" && field.type !== "recordRef")
    .map((field) => valueText(field, record.body, context))
    .filter((text) => text !== "");
}

/** A record's name in lists and references: its first list columns, else its category's. */
export function recordHeading(record: FileSnapshotRecord, context: ValueContext): string {
  if (!isCategoryKey(record.category)) return record.category;
  const parts = recordHeadingParts(record, context);
  return parts.length > 0 ? parts.join(" · ") : context.t(categoryOneKey(record.category));
}

/** A person's phones, one a line, each with its type ("+1 514-555-0100 (Mobile)"). */
export function phoneLines(person: Pick<PersonRecord, "contactDetails">, t: ValueContext["t"]): string {
  return person.contactDetails.phones
    .map((phone) =>
      isPhoneType(phone.type)
        ? `${phoneText(phone)} (${t(`catalog:${phoneTypeLabelKey(phone.type)}`)})`
        : phoneText(phone),
    )
    .join("\n");
}

/** An entry without the rows its heading already says ("Gmail" under the heading "Gmail"). */
export function withoutHeading(entry: BinderEntry, parts: readonly string[]): BinderEntry {
  const said = new Set([entry.heading, ...parts]);
  return { ...entry, rows: entry.rows.filter((row) => !said.has(row.value)) };
}
