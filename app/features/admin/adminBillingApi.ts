import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AdminCharity,
  AdminProduct,
  BillingCode,
  CreateCodeBody,
  CreateProductBody,
  createCharityBodySchema,
} from "../../../domain/schemas/subscription.ts";
import { apiFetch } from "../../api/client.ts";

/*
 * The admin billing calls (server/modules/admin; the list in server/modules/subscriptions/README.md).
 * The three resources answer alike: GET lists, POST creates, POST {id}/archive archives (never
 * deletes: subscriptions and donations keep pointing at what was archived).
 */

export type CreateCharityBody = z.infer<typeof createCharityBodySchema>;

function post<T>(path: string, body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method: "POST", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

function adminResource<Item, Body, Created>(segment: "products" | "codes" | "charities") {
  const path = `/api/admin/${segment}`;
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
    useList: () => useQuery({ queryKey, queryFn: () => apiFetch<Item[]>(path) }),
    useCreate: () => useWrite((body: Body) => post<Created>(path, body)),
    useArchive: () => useWrite((id: string) => post<Item>(`${path}/${encodeURIComponent(id)}/archive`)),
  };
}

export const adminProducts = adminResource<AdminProduct, CreateProductBody, AdminProduct>("products");
/** POST answers every code it made, for the admin to hand out. */
export const adminCodes = adminResource<BillingCode, CreateCodeBody, BillingCode[]>("codes");
export const adminCharities = adminResource<AdminCharity, CreateCharityBody, AdminCharity>("charities");
