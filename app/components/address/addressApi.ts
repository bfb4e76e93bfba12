import { type QueryClient, useQuery } from "@tanstack/react-query";
import { addressesApi } from "../../../domain/api/addresses.ts";
import type { BodyOf } from "../../../domain/api/contract.ts";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { Address, AddressInput, AddressUsage } from "../../../domain/schemas/address.ts";
import { ApiError, callApi, callVersionedApi } from "../../api/client.ts";
import { ifMatchOf } from "../../api/versions.ts";

/** The saved address book (GET /api/address/), shared by every address picker on screen. */
export const addressQueryKeys = { all: ["addresses"] as const };

/** Each address with the version its form's save names. */
function fetchAddresses(): Promise<Versioned<Address>[]> {
  return callApi(addressesApi.list);
}

/** `enabled` false: a shared file's view, which names addresses one by one instead. */
export function useAddresses(enabled = true) {
  return useQuery({ queryKey: addressQueryKeys.all, queryFn: fetchAddresses, staleTime: 30_000, enabled });
}

/**
 * Creates (no id) or updates (with id) the saved version `replaces` of an address (409
 * edit_conflict when it was saved since); answers the address as saved, with its new version.
 */
export async function saveAddress(
  input: Partial<Record<keyof AddressInput, string | null>>,
  replaces?: number,
): Promise<Versioned<Address>> {
  const { answer, version } = await callVersionedApi(addressesApi.save, {
    // The form has checked the fields with the same schema the server validates them with.
    body: input as BodyOf<typeof addressesApi.save>,
    ...ifMatchOf(replaces),
  });
  return { ...answer, version };
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
export function rememberAddress(queryClient: QueryClient, address: Versioned<Address>): void {
  queryClient.setQueryData<Versioned<Address>[]>(addressQueryKeys.all, (list) =>
    list ? [...list.filter((entry) => entry.id !== address.id), address] : [address],
  );
}
