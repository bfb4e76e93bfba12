/** The spec's paged list (`/api/b2b/accounts/page/{page}`, the admin lists). Pages count from 0. */
export type Page<Item> = {
  content: Item[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};

export function pageOf<Item>(content: Item[], page: number, size: number, totalElements: number): Page<Item> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}
