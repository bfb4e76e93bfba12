import { searchQuerySchema, searchResponseSchema } from "../schemas/search.ts";

export const searchTypes = {
  /** The shell's search box: the caller's own file, and what was released to them. */
  search: { query: searchQuerySchema, response: searchResponseSchema },
};
