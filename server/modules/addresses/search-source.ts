import type { Kysely } from "kysely";
import type { AddressTable, DB } from "../../db/schema.ts";
import { rowsSearchSource, type SearchDoc, type SearchSource } from "../search/index.ts";
import { toAddress } from "./presenter.ts";
import { addressRepository } from "./repository.ts";

/** The parts of an address search reads: its nickname and its lines (none of them is secret). */
const SEARCHED = [
  "name",
  "addressLine1",
  "addressLine2",
  "mainIntersection",
  "city",
  "state",
  "province",
  "county",
  "zip",
] as const;

function docOf(row: AddressTable): SearchDoc {
  const address = toAddress(row);
  return {
    kind: "address",
    id: row.id,
    module: "personal-network",
    category: "",
    title: row.name,
    fields: SEARCHED.flatMap((field) => {
      const text = address[field];
      return text === null || text === "" ? [] : [{ field, text }];
    }),
  };
}

export function addressSearchSource(db: Kysely<DB>): SearchSource {
  return rowsSearchSource("address", addressRepository(db), docOf);
}
