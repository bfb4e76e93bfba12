import type { QueryClient } from "@tanstack/react-query";
import { recordsApi } from "../../../domain/api/records.ts";
import type {
  RecordListItem,
  RecordView,
  RevealQuery,
  SecretPurpose,
} from "../../../domain/schemas/record.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import { callApi } from "../../api/client.ts";
import { ifMatchOf } from "../../api/versions.ts";
import { HOME_QUERY_KEY } from "../home/homeQueryKey.ts";

/** A list row and one record (secrets masked unless revealed), as the server declares them. */
export type { RecordListItem };
export type RecordItem = RecordView;

/**
 * Every key starts with "records", so invalidating `recordQueryKeys.all` after a save or a
 * delete refreshes the module counts, the lists and the open record alike.
 */
export const recordQueryKeys = {
  all: ["records"] as const,
  count: (module: RecordModule) => ["records", "count", module] as const,
  list: (module: RecordModule, category: string) => ["records", "list", module, category] as const,
  one: (module: RecordModule, category: string, id: string) =>
    ["records", "one", module, category, id] as const,
};

/** After a record is saved or deleted: its counts, lists and views, and the home's progress. */
export function refreshAfterRecordChange(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [recordQueryKeys.all, HOME_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

export function fetchCounts(module: RecordModule): Promise<Record<string, number>> {
  return callApi(recordsApi.count, { params: { module } });
}

export function fetchRecords(module: RecordModule, category: string): Promise<RecordListItem[]> {
  return callApi(recordsApi.list, { params: { module, category } });
}

export function fetchRecord(module: RecordModule, category: string, id: string): Promise<RecordItem> {
  return callApi(recordsApi.read, { params: { module, category, id } });
}

/** The query that answers one secret in clear, logged as a reveal or a copy. */
export function revealQuery(field: string, purpose: SecretPurpose = "reveal"): RevealQuery {
  return purpose === "reveal" ? { reveal: field } : { reveal: field, purpose };
}

/** The clear value of a field a reveal answered. */
export function revealedValue(record: RecordItem, field: string): string | null {
  const value = record.body[field];
  return typeof value === "string" ? value : null;
}

/** One secret in clear; the server logs the reveal (or the copy) in the owner's activity log. */
export async function revealSecret(
  module: RecordModule,
  category: string,
  id: string,
  field: string,
  purpose: SecretPurpose = "reveal",
): Promise<string | null> {
  const record = await callApi(recordsApi.read, {
    params: { module, category, id },
    query: revealQuery(field, purpose),
  });
  return revealedValue(record, field);
}

/**
 * POST creates (answers the new id); PUT replaces the whole body of the version the form loaded
 * (If-Match), so a save made since is never overwritten unseen: that answers 409 edit_conflict.
 */
export async function saveRecord(
  module: RecordModule,
  category: string,
  id: string | undefined,
  body: Record<string, unknown>,
  version?: number,
): Promise<string> {
  if (id === undefined) return callApi(recordsApi.create, { params: { module, category }, body });
  await callApi(recordsApi.replace, {
    params: { module, category, id },
    body,
    ...ifMatchOf(version),
  });
  return id;
}

export async function deleteRecord(module: RecordModule, category: string, id: string): Promise<void> {
  await callApi(recordsApi.remove, { params: { module, category, id } });
}
