import type { Kysely } from "kysely";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { addressSearchSource } from "../addresses/search-source.ts";
import { documentSearchSource } from "../documents/search-source.ts";
import { institutionSearchSource } from "../institutions/search-source.ts";
import { personSearchSource } from "../persons/search-source.ts";
import { recordSearchSource } from "../records/search-source.ts";
import type { SearchSource } from "./source.ts";

/** What search reads, each through the module that owns it, in the order results are grouped. */
export function searchSources(db: Kysely<DB>, dataKeys: DataKeys): SearchSource[] {
  return [
    personSearchSource(db),
    addressSearchSource(db),
    institutionSearchSource(db),
    recordSearchSource(db, dataKeys),
    documentSearchSource(db, dataKeys),
  ];
}
