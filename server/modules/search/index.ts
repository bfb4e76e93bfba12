export { rowsSearchSource, type SearchDoc, type SearchSource } from "./source.ts";
