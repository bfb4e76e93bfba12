import { type QueryClient, useQuery } from "@tanstack/react-query";
import { addressesApi } from "../../../domain/api/addresses.ts";
import type { BodyOf } from "../../../domain/api/contract.ts";
import type { Address, AddressInput, AddressUsage } from "../../../domain/schemas/address.ts";
import { ApiError, callApi } from "../../api/client.ts";

/** The saved address book (GET /api/address/), shared by every address picker on screen. */
export const addressQueryKeys = { all: ["addresses"] as const };

function fetchAddresses(): Promise<Address[]> {
  return callApi(addressesApi.list);
}

/** `enabled` false: a shared file's view, which names addresses one by one instead. */
export function useAddresses(enabled = true) {
  return useQuery({ queryKey: addressQueryKeys.all, queryFn: fetchAddresses, staleTime: 30_000, enabled });
}

/** Creates (no id) or updates (with id) and answers the saved address. */
export function saveAddress(input: Partial<Record<keyof AddressInput, string | null>>): Promise<Address> {
  // The form has checked the fields with the same schema the server validates them with.
  return callApi(addressesApi.save, { body: input as BodyOf<typeof addressesApi.save> });
}

/** `confirm` clears the references of an address still in use. */
export async function deleteAddress(id: string, confirm: boolean): Promise<void> {
  await callApi(addressesApi.remove, { params: { id }, query: confirm ? { confirm: "true" } : {} });
}

/** The usages of a refused delete, or null when the refusal is something else. */
export function addressUsagesOf(error: unknown): AddressUsage[] | null {
  if (!(error instanceof ApiError) || error.code !== "address_in_use") return null;
  const usages = error.details.usages;
  return Array.isArray(usages) ? (usages as AddressUsage[]) : [];
}

/** A saved address joins the cached list at once, so pickers never see its id as unknown. */
export function rememberAddress(queryClient: QueryClient, address: Address): void {
  queryClient.setQueryData<Address[]>(addressQueryKeys.all, (list) =>
    list ? [...list.filter((entry) => entry.id !== address.id), address] : [address],
  );
}
