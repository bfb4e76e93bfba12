import type { SearchKind } from "../../../domain/schemas/search.ts";
import { isCategoryShared } from "../../../domain/schemas/share.ts";
import type { DocumentReader } from "../documents/index.ts";
import type { ReleasedGrant } from "./released-grant.ts";
import {
  documentIsVisible,
  personIsVisible,
  type ScopeReaders,
  type SharedNetwork,
  sharedNetwork,
} from "./shared-scope.ts";

/** One thing the owner's search found, as the grant's check needs it. */
export type SearchedSubject = { kind: SearchKind; id: string; category: string };

/**
 * What a released grant lets its nominee find with the shell's search: exactly what the shared
 * reads let them open, decided by the same rules (shared-scope.ts). The shared network is worked
 * out once per search, and only if a person, address or institution was found.
 */
export function grantVisibility(
  readers: ScopeReaders & { documents: DocumentReader },
  grant: ReleasedGrant,
): (subject: SearchedSubject) => Promise<boolean> {
  let network: Promise<SharedNetwork> | undefined;
  const networkOf = () => {
    network ??= sharedNetwork(readers, grant);
    return network;
  };
  return async ({ kind, id, category }) => {
    switch (kind) {
      case "record":
        return isCategoryShared(grant.scope, category);
      case "person":
        return personIsVisible(await networkOf(), id);
      case "address":
        return (await networkOf()).addresses.has(id);
      case "institution":
        return (await networkOf()).institutions.has(id);
      case "document": {
        const row = await readers.documents.find(grant.ownerId, id);
        return row !== undefined && (await documentIsVisible(readers.records, grant, row));
      }
    }
  };
}
