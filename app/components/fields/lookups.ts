import { useQueries } from "@tanstack/react-query";
import type { Address } from "../../../domain/schemas/address.ts";
import type { Institution } from "../../../domain/schemas/institution.ts";
import type { PersonRecord } from "../../../domain/schemas/person.ts";
import { type SharedLookups, useRecordSource } from "../../features/records/recordSource.tsx";
import { useAddresses } from "../address/addressApi.ts";
import { useInstitutions } from "../institution/institutionApi.ts";

/*
 * The persons, addresses and companies a view names, by id. The owner's come from the lists the
 * forms load anyway (address book, companies); a shared file's are read one by one through the
 * nominee's routes, since the nominee sees only what the shared records refer to.
 */

type Found = { person: PersonRecord; address: Address; institution: Institution };
type Kind = keyof Found;

function useSharedById<K extends Kind>(kind: K, ids: readonly string[]): Map<string, Found[K]> {
  const source = useRecordSource();
  const lookups = source.byId;
  const results = useQueries({
    queries: (lookups ? [...new Set(ids)] : []).map((id) => ({
      queryKey: source.queryKey([kind, "byId", id]),
      queryFn: () => (lookups as SharedLookups)[kind](id) as Promise<Found[K]>,
      staleTime: 30_000,
    })),
  });
  return new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data]] : [])));
}

/** The addresses named by `ids`, found by id. */
export function useAddressLookup(ids: readonly string[]): (id: string) => Address | undefined {
  const shared = useRecordSource().byId !== null;
  const book = useAddresses(!shared).data ?? [];
  const byId = useSharedById("address", ids);
  return (id) => (shared ? byId.get(id) : book.find((address) => address.id === id));
}

/** The companies named by `ids`, found by id. */
export function useInstitutionLookup(ids: readonly string[]): (id: string) => Institution | undefined {
  const shared = useRecordSource().byId !== null;
  const list = useInstitutions(!shared).data ?? [];
  const byId = useSharedById("institution", ids);
  return (id) => (shared ? byId.get(id) : list.find((institution) => institution.id === id));
}

/** A shared file's persons named by `ids` (the owner's are named from their lists). */
export function useSharedPersons(ids: readonly string[]): Map<string, PersonRecord> {
  return useSharedById("person", ids);
}
