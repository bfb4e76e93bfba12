import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  PERSON_GROUPS,
  type PersonGroup,
  relationshipGroupLabelKey,
} from "../../../domain/catalog/relationships.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { fetchPersons, personQueryKeys } from "../../features/personal-network/queries.ts";

export type PersonOption = { value: string; label: string };

/** One person of the user's lists, as a picker offers it: the list item and its label. */
export type PersonChoice = PersonOption & { person: PersonListItem };

/**
 * The user's persons of these groups (all of them by default), labelled "First Last (Group)",
 * with their list items (first email and phone) for pickers that prefill from the person.
 */
export function usePersonChoices(groups: readonly PersonGroup[] = PERSON_GROUPS): PersonChoice[] {
  const { t } = useTranslation("catalog");
  const lists = useQueries({
    queries: groups.map((group) => ({
      queryKey: personQueryKeys.list(group),
      queryFn: () => fetchPersons(group),
      staleTime: 30_000,
    })),
  });
  return groups.flatMap((group, index) =>
    (lists[index]?.data ?? []).map((person) => ({
      value: person.id,
      label: `${[person.mainDetails.firstName, person.mainDetails.lastName].filter(Boolean).join(" ")} (${t(
        relationshipGroupLabelKey(group),
      )})`,
      person,
    })),
  );
}

/** The user's persons of these groups (all of them by default), labelled "First Last (Group)". */
export function usePersonOptions(groups: readonly PersonGroup[] = PERSON_GROUPS): PersonOption[] {
  return usePersonChoices(groups).map(({ value, label }) => ({ value, label }));
}
