/**
 * What a module gives search about one of its rows, in clear: read by the module that owns the
 * row (its `search-source.ts`, its only public face for search), indexed and matched here. Only
 * fields that are not secret are ever in it.
 */
export type SearchDoc = {
  /** Its kind's name (server/file/kinds.ts). */
  kind: string;
  id: string;
  module: string;
  category: string;
  title: string | null;
  /** A document attached to a record: the record. */
  recordId?: string | null;
  /** The searchable fields, in the order a match is reported: field key -> text. */
  fields: readonly { field: string; text: string }[];
};

export type SearchSource = {
  kind: string;
  /** These rows of the owner (those it no longer has are left out). */
  read(ownerId: string, ids: readonly string[]): Promise<SearchDoc[]>;
  /** Every row of the owner (building the index). */
  readAll(ownerId: string): Promise<SearchDoc[]>;
  /** The owner's rows of these categories, at most `limit` (a query naming a category's label). */
  readIn?(ownerId: string, categories: readonly string[], limit: number): Promise<SearchDoc[]>;
};

/**
 * The source of a kind whose rows are read whole, by id or all of them (an owner-scoped repository
 * such as `ownedRows` gives), each made a document by `docOf`.
 */
export function rowsSearchSource<Row>(
  kind: string,
  rows: {
    findMany(ownerId: string, ids: readonly string[]): Promise<Row[]>;
    list(ownerId: string): Promise<Row[]>;
  },
  docOf: (row: Row) => SearchDoc,
): SearchSource {
  return {
    kind,
    async read(ownerId, ids) {
      return (await rows.findMany(ownerId, ids)).map(docOf);
    },
    async readAll(ownerId) {
      return (await rows.list(ownerId)).map(docOf);
    },
  };
}
