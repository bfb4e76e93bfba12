import type { Kysely } from "kysely";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { SearchSource } from "./source.ts";

/** What search reads: each kind of the file that has a source, in the order results are grouped. */
export function searchSources(db: Kysely<DB>, dataKeys: DataKeys): SearchSource[] {
  return FILE_KINDS.flatMap((kind) => (kind.search === undefined ? [] : [kind.search(db, dataKeys)]));
}
