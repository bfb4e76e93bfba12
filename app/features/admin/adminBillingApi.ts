import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../domain/api/admin.ts";
import type { BodyOf } from "../../../domain/api/contract.ts";
import { callApi } from "../../api/client.ts";

/*
 * The admin billing calls (server/modules/admin; declared in domain/api/admin.ts). The three
 * resources answer alike: a list, a create, and an archive (never a delete: subscriptions and
 * donations keep pointing at what was archived).
 */

export type CreateCharityBody = BodyOf<typeof adminApi.createCharity>;

function adminResource<Item, Body, Created>(
  segment: "products" | "codes" | "charities",
  calls: {
    list: () => Promise<Item[]>;
    create: (body: Body) => Promise<Created>;
    archive: (id: string) => Promise<Item>;
  },
) {
  const queryKey = ["admin", segment] as const;

  /** After a write the list is read again: it is the server that orders and dates rows. */
  function useWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: write,
      onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    });
  }

  return {
    useList: () => useQuery({ queryKey, queryFn: calls.list }),
    useCreate: () => useWrite(calls.create),
    useArchive: () => useWrite(calls.archive),
  };
}

export const adminProducts = adminResource("products", {
  list: () => callApi(adminApi.products),
  create: (body: BodyOf<typeof adminApi.createProduct>) => callApi(adminApi.createProduct, { body }),
  archive: (id) => callApi(adminApi.archiveProduct, { params: { id } }),
});
/** Creating answers every code it made, for the admin to hand out. */
export const adminCodes = adminResource("codes", {
  list: () => callApi(adminApi.codes),
  create: (body: BodyOf<typeof adminApi.createCodes>) => callApi(adminApi.createCodes, { body }),
  archive: (id) => callApi(adminApi.archiveCode, { params: { id } }),
});
export const adminCharities = adminResource("charities", {
  list: () => callApi(adminApi.charities),
  create: (body: CreateCharityBody) => callApi(adminApi.createCharity, { body }),
  archive: (id) => callApi(adminApi.archiveCharity, { params: { id } }),
});
