import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { NetworkPlace } from "./networkSection.ts";
import { useFamilyTreePersons } from "./useFamilyTreePersons.ts";

/**
 * The group to ask the server for: the section's, or, in the family tree (whose paths carry no
 * group), the person's own, found among the tree's people; `missing` once they are all loaded.
 */
export function usePersonGroup(
  place: NetworkPlace,
  id: string,
): { group: PersonGroup | undefined; missing: boolean } {
  const tree = useFamilyTreePersons(place.kind === "tree");
  if (place.kind === "list") return { group: place.section.group, missing: false };
  if (place.kind === "me") return { group: "me", missing: false };
  const group = tree.persons.find((person) => person.id === id)?.group;
  return { group, missing: group === undefined && !tree.isPending };
}
