import type { PersonGroup } from "../catalog/relationships.ts";
import type { PersonListItem } from "../schemas/person.ts";
import type { Phone } from "../schemas/phone.ts";

let next = 0;

/** A person as a group list answers it. */
export function listItem(
  group: PersonGroup,
  firstName: string,
  overrides: {
    lastName?: string | null;
    type?: string | null;
    birthday?: number | null;
    phone?: Phone;
    email?: string;
    id?: string;
  } = {},
): PersonListItem {
  next += 1;
  return {
    id: overrides.id ?? `${group}-${next}`,
    createTime: next,
    group,
    type: overrides.type ?? null,
    mainDetails: {
      firstName,
      lastName: overrides.lastName === undefined ? "Lovelace" : overrides.lastName,
      birthday: overrides.birthday ?? null,
      imageSrc: null,
    },
    contactDetails: {
      emails: overrides.email ? [overrides.email] : [],
      phones: overrides.phone ? [overrides.phone] : [],
    },
  };
}
