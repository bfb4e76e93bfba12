import type { PersonListItem, PersonRecord } from "./person.ts";

/**
 * A full record as its group's list shows it (the first email and phone), so that the family tree
 * treats a record read whole (the owner's own, a file's persons) like any list's. Apart from
 * person.ts, whose zod schemas the family tree screens do not need.
 */
export function personListItemOf(person: PersonRecord): PersonListItem {
  return {
    id: person.id,
    createTime: person.createTime,
    group: person.group,
    type: person.type,
    mainDetails: {
      firstName: person.mainDetails.firstName,
      lastName: person.mainDetails.lastName,
      birthday: person.mainDetails.birthday,
      imageSrc: person.mainDetails.imageSrc,
    },
    contactDetails: {
      emails: person.contactDetails.emails.slice(0, 1),
      phones: person.contactDetails.phones.slice(0, 1),
    },
  };
}
