import { nomineesApi } from "../../../domain/api/nominees.ts";
import type { NomineeCreateBody, NomineeLogEntry, NomineeView } from "../../../domain/schemas/share.ts";
import { callApi } from "../../api/client.ts";

/**
 * The owner's nominee calls (Shared by me). Every key starts with "nominees", so invalidating
 * `nomineeQueryKeys.all` after any change refreshes the list, the banner, the open nominee and
 * its log alike.
 */
export const nomineeQueryKeys = {
  all: ["nominees"] as const,
  list: () => ["nominees", "list"] as const,
  one: (id: string) => ["nominees", "one", id] as const,
  log: (id: string) => ["nominees", "log", id] as const,
};

/** The owner's answers to a nominee; `delete` is the DELETE of the nominee itself. */
const NOMINEE_ACTIONS = ["resend", "cancel", "grant", "approve", "decline", "revoke", "delete"] as const;
export type NomineeAction = (typeof NOMINEE_ACTIONS)[number];

export function fetchNominees(): Promise<NomineeView[]> {
  return callApi(nomineesApi.list);
}

export function fetchNominee(id: string): Promise<NomineeView> {
  return callApi(nomineesApi.read, { params: { id } });
}

export function fetchNomineeLog(id: string): Promise<NomineeLogEntry[]> {
  return callApi(nomineesApi.log, { params: { id } });
}

/** Creates (answers the new id) or updates a nominee, from the form's values, which the server parses. */
export async function saveNominee(id: string | undefined, values: object): Promise<string> {
  // The form's choices are the schema's lists; what it still refuses comes back named by field.
  const body = values as NomineeCreateBody;
  if (id === undefined) return callApi(nomineesApi.create, { body });
  await callApi(nomineesApi.update, { params: { id }, body });
  return id;
}

export async function runNomineeAction(id: string, action: NomineeAction): Promise<void> {
  await callApi(action === "delete" ? nomineesApi.remove : nomineesApi[action], { params: { id } });
}
