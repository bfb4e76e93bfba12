import { useQueries } from "@tanstack/react-query";
import { TREE_GROUPS } from "../../../domain/familyTree.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { personListItemOf } from "../../../domain/schemas/personListItem.ts";
import { useOwnPerson } from "./personData.ts";
import { personListQuery } from "./queries.ts";

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
  const persons = [
    ...(own.data ? [personListItemOf(own.data)] : []),
    ...lists.flatMap((list) => list.data ?? []),
  ];
  return {
    persons,
    isPending: own.isPending || lists.some((list) => list.isPending),
    isError: own.isError || lists.some((list) => list.isError),
  };
}
