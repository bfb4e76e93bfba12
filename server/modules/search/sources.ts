import type { Kysely } from "kysely";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { SearchSource } from "./source.ts";

/** What search reads: each kind of the file that has a source, in the order results are grouped. */
export function searchSources(db: Kysely<DB>, dataKeys: DataKeys): SearchSource[] {
  return FILE_KINDS.flatMap((kind) => (kind.search === undefined ? [] : [kind.search(db, dataKeys)]));
}

/** The kinds a search may find: every searched kind with the full file, else the Personal Network's. */
export function searchKinds(fullFile: boolean): string[] {
  return FILE_KINDS.filter(
    (kind) => kind.search !== undefined && (fullFile || kind.inPersonalNetwork === true),
  ).map((kind) => kind.kind);
}
