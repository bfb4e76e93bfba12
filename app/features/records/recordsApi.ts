import type { QueryClient } from "@tanstack/react-query";
import type { RecordListItem, RecordView, SecretPurpose } from "../../../domain/schemas/record.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import { apiFetch } from "../../api/client.ts";
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

function recordsPath(module: RecordModule, category: string, id?: string): string {
  const base = `/api/records/${module}/${encodeURIComponent(category)}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

export function fetchCounts(module: RecordModule): Promise<Record<string, number>> {
  return apiFetch<Record<string, number>>(`/api/records/${module}/count`);
}

export function fetchRecords(module: RecordModule, category: string): Promise<RecordListItem[]> {
  return apiFetch<RecordListItem[]>(recordsPath(module, category));
}

export function fetchRecord(module: RecordModule, category: string, id: string): Promise<RecordItem> {
  return apiFetch<RecordItem>(recordsPath(module, category, id));
}

/** The `?reveal=` query that answers one secret in clear, logged as a reveal or a copy. */
export function revealQuery(field: string, purpose: SecretPurpose = "reveal"): string {
  const query = `?reveal=${encodeURIComponent(field)}`;
  return purpose === "reveal" ? query : `${query}&purpose=${purpose}`;
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
  const record = await apiFetch<RecordItem>(
    `${recordsPath(module, category, id)}${revealQuery(field, purpose)}`,
  );
  return revealedValue(record, field);
}

function idOf(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (typeof answer === "object" && answer !== null && "id" in answer && typeof answer.id === "string") {
    return answer.id;
  }
  throw new TypeError("The records API answered no id");
}

/** POST creates (answers the new id), PUT replaces the whole body. */
export async function saveRecord(
  module: RecordModule,
  category: string,
  id: string | undefined,
  body: unknown,
): Promise<string> {
  const answer = await apiFetch<unknown>(recordsPath(module, category, id), {
    method: id === undefined ? "POST" : "PUT",
    body: JSON.stringify(body),
  });
  return id ?? idOf(answer);
}

export async function deleteRecord(module: RecordModule, category: string, id: string): Promise<void> {
  await apiFetch(recordsPath(module, category, id), { method: "DELETE" });
}
