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

/** Whether to ask the server for the lists now: a picker left untouched does not need them yet. */
export type PersonListsOptions = { enabled?: boolean };

/**
 * The user's persons of these groups (all of them by default), labelled "First Last (Group)",
 * with their list items (first email and phone) for pickers that prefill from the person; and
 * whether they are still being fetched.
 */
export function usePersonLists(
  groups: readonly PersonGroup[] = PERSON_GROUPS,
  { enabled = true }: PersonListsOptions = {},
): { choices: PersonChoice[]; loading: boolean } {
  const { t } = useTranslation("catalog");
  const lists = useQueries({
    queries: groups.map((group) => ({
      queryKey: personQueryKeys.list(group),
      queryFn: () => fetchPersons(group),
      staleTime: 30_000,
      enabled,
    })),
  });
  const choices = groups.flatMap((group, index) =>
    (lists[index]?.data ?? []).map((person) => ({
      value: person.id,
      label: `${[person.mainDetails.firstName, person.mainDetails.lastName].filter(Boolean).join(" ")} (${t(
        relationshipGroupLabelKey(group),
      )})`,
      person,
    })),
  );
  return { choices, loading: lists.some((list) => list.isFetching && list.data === undefined) };
}

/** The user's persons of these groups (all of them by default), as pickers offer them. */
export function usePersonChoices(groups: readonly PersonGroup[] = PERSON_GROUPS): PersonChoice[] {
  return usePersonLists(groups).choices;
}

/** The user's persons of these groups (all of them by default), labelled "First Last (Group)". */
export function usePersonOptions(groups: readonly PersonGroup[] = PERSON_GROUPS): PersonOption[] {
  return usePersonChoices(groups).map(personOption);
}

/** A choice as a select offers it: its id and label alone. */
export function personOption({ value, label }: PersonChoice): PersonOption {
  return { value, label };
}
