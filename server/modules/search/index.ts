export type { SearchDoc, SearchSource } from "./source.ts";
