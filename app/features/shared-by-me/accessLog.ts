import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { TFunction } from "i18next";
import { isPersonGroup } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { NomineeLogEntry } from "../../../domain/schemas/share.ts";
import { isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { fieldDef, isCategoryKey } from "../../../domain/sections/index.ts";
import { categoryLabelKey, fieldLabelKey } from "../../../domain/sections/labels.ts";

dayjs.extend(utc);

/** One day of the access log: its DD MMM, YYYY heading and its lines, newest first. */
export type LogDay = { day: string; heading: string; lines: { id: string; text: string }[] };

const SUBJECT_NOUNS: Record<string, string> = {
  person: "sharing:log.subject.person",
  address: "sharing:log.subject.address",
  binder: "sharing:log.subject.binder",
  institution: "sharing:log.subject.institution",
  document: "sharing:log.subject.document",
};

const VIEW_PHRASES: Record<string, string> = {
  list: "sharing:log.viewList",
  file: "sharing:log.viewFile",
};

/** What was opened: its category's label when it has one, else the kind of thing it is. */
function subjectOf(entry: NomineeLogEntry, t: TFunction): string {
  if (entry.category !== null && isAssignedType(entry.category)) return t(categoryLabelKey(entry.category));
  // A list of persons names its group instead ("Spouse/Partner").
  if (entry.subjectKind === "list" && isPersonGroup(entry.subjectId)) {
    return isAssignedType(entry.subjectId)
      ? t(categoryLabelKey(entry.subjectId))
      : t("sharing:log.subject.person");
  }
  return t(SUBJECT_NOUNS[entry.subjectKind] ?? "sharing:log.subject.file");
}

/** The revealed secret's field label ("Password"), or its key when the category does not declare it. */
function fieldOf(entry: NomineeLogEntry, t: TFunction): string {
  const field = entry.field ?? "";
  if (entry.category !== null && isCategoryKey(entry.category) && fieldDef(entry.category, field)) {
    return t(fieldLabelKey(entry.category, field));
  }
  return field;
}

/**
 * One readable line, time in UTC (the spec's default zone): "Alex viewed Insurance Policies, 14:02",
 * "Alex opened the Passports list, 14:01",
 * "Alex revealed Password in Passwords, 09:15", "Alex copied Password from Passwords, 09:16",
 * "Alex downloaded will.pdf, 10:30".
 * Needs the `sharing` and `sections` namespaces.
 */
function logLine(entry: NomineeLogEntry, name: string, t: TFunction): string {
  const time = dayjs.utc(entry.createTime).format("HH:mm");
  switch (entry.kind) {
    case "download":
      return t("sharing:log.download", { name, file: entry.field ?? subjectOf(entry, t), time });
    case "reveal":
    case "copy":
      return t(`sharing:log.${entry.kind}`, {
        name,
        field: fieldOf(entry, t),
        subject: subjectOf(entry, t),
        time,
      });
    default:
      // A category's list, one of its records and a record's file carry the same label: say which.
      return t(VIEW_PHRASES[entry.subjectKind] ?? "sharing:log.view", {
        name,
        subject: subjectOf(entry, t),
        time,
      });
  }
}

/** The log grouped by UTC day, newest day and newest line first. */
export function logDays(
  entries: readonly NomineeLogEntry[],
  name: string,
  t: TFunction,
  language: string,
): LogDay[] {
  const days = new Map<string, LogDay>();
  const newestFirst = [...entries].sort((a, b) => b.createTime - a.createTime);
  for (const entry of newestFirst) {
    const day = dayjs.utc(entry.createTime).format("YYYY-MM-DD");
    let group = days.get(day);
    if (!group) {
      group = { day, heading: formatDate(entry.createTime, language) ?? day, lines: [] };
      days.set(day, group);
    }
    group.lines.push({ id: entry.id, text: logLine(entry, name, t) });
  }
  return [...days.values()];
}
