import { countryName } from "../../../domain/catalog/countries.ts";
import { type PersonOptionList, personOptionLabelKey } from "../../../domain/catalog/personOptions.ts";
import { type PersonGroup, relationshipGroupLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import { buildFamilyTree, type FamilyTree } from "../../../domain/familyTree.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { personListItemOf } from "../../../domain/schemas/personListItem.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { personName, phoneLines, relationOf, withoutHeading } from "../../file/binder/names.ts";
import type {
  BinderComment,
  BinderEntry,
  BinderRow,
  BinderSection,
  BinderTree,
  FileKindBinder,
} from "../../file/binder/part.ts";
import { isFilled, type ValueContext } from "../../file/binder/values.ts";

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

/** The binder's Personal Network: the family tree drawn, then each group's persons. It opens the file. */
export const personBinder: FileKindBinder = {
  place: "opening",
  chapters: ({ snapshot, context, commentsOf }) => {
    const { persons } = snapshot;
    if (persons.length === 0) return [];
    const { t } = context;
    const sections: BinderSection[] = GROUP_ORDER.flatMap((group) => {
      const entries = persons
        .filter((person) => person.group === group)
        .map((person) => personEntry(person, context, commentsOf(person.id)));
      return entries.length === 0
        ? []
        : [{ title: t(`catalog:${relationshipGroupLabelKey(group)}`), entries }];
    });
    const tree = familyTree(persons, context);
    return [
      {
        key: "personal-network",
        title: t(moduleLabelKey("personal-network")),
        ...(tree === undefined ? {} : { tree }),
        sections,
      },
    ];
  },
};

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

function refText(id: string | null, name: (id: string) => string | undefined): string {
  return id === null ? "" : (name(id) ?? "");
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
