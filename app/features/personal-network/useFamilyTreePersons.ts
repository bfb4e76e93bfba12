import { useQueries } from "@tanstack/react-query";
import { TREE_GROUPS } from "../../../domain/familyTree.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { personListQuery, useOwnPerson } from "./personData.ts";

/** The owner's record in the shape of a list item, so the tree treats it like everyone else. */
function asListItem(person: PersonRecord): PersonListItem {
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

/**
 * Everyone the Immediate Family Tree may show. The owner comes from GET /api/pn/person, which also
 * creates the record on first use; the other groups from their lists.
 */
export function useFamilyTreePersons(enabled = true): {
  persons: PersonListItem[];
  isPending: boolean;
  isError: boolean;
} {
  const own = useOwnPerson(enabled);
  const lists = useQueries({
    queries: TREE_GROUPS.filter((group) => group !== "me").map((group) => ({
      ...personListQuery(group),
      enabled,
    })),
  });
  const persons = [...(own.data ? [asListItem(own.data)] : []), ...lists.flatMap((list) => list.data ?? [])];
  return {
    persons,
    isPending: own.isPending || lists.some((list) => list.isPending),
    isError: own.isError || lists.some((list) => list.isError),
  };
}
