import { documentReader } from "../../modules/documents/reader.ts";
import { institutionReader } from "../../modules/institutions/reader.ts";
import { personReader } from "../../modules/persons/reader.ts";
import { recordReader } from "../../modules/records/reader.ts";
import { categoryLabels } from "../../modules/search/labels.ts";
import { searchRoutes } from "../../modules/search/routes.ts";
import { createSearch } from "../../modules/search/search.ts";
import { searchSources } from "../../modules/search/sources.ts";
import type { ModuleMount } from "../dependencies.ts";

/** The shell's search over every kind of the file, and over a nominee's share. */
export const mountSearch: ModuleMount = async (
  app,
  { database, dataKeys, listCache, locales, searchIndex, clock },
) => {
  await app.register(searchRoutes, {
    search: createSearch({
      db: database.db,
      dataKeys,
      sources: searchSources(database.db, dataKeys),
      labels: categoryLabels(locales),
      indexer: searchIndex,
      scopeReaders: {
        records: recordReader({ db: database.db, dataKeys, listCache }),
        persons: personReader(database.db, dataKeys),
        institutions: institutionReader(database.db),
        documents: documentReader(database.db, dataKeys),
      },
      clock,
    }),
  });
};
