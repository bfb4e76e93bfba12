import type { NomineeLogEntry, NomineeView } from "../../../domain/schemas/share.ts";
import { apiFetch } from "../../api/client.ts";

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

const NOMINEES_PATH = "/api/shared/nominees";

function nomineePath(id: string): string {
  return `${NOMINEES_PATH}/${encodeURIComponent(id)}`;
}

export function fetchNominees(): Promise<NomineeView[]> {
  return apiFetch<NomineeView[]>(NOMINEES_PATH);
}

export function fetchNominee(id: string): Promise<NomineeView> {
  return apiFetch<NomineeView>(nomineePath(id));
}

export function fetchNomineeLog(id: string): Promise<NomineeLogEntry[]> {
  return apiFetch<NomineeLogEntry[]>(`${nomineePath(id)}/log`);
}

/**
 * POST creates and answers the new id (a JSON string, or `{ id }`); PUT answers the nominee. The
 * body is the form's values (nomineeCreateSchema, nomineeUpdateSchema), parsed by the server.
 */
export async function saveNominee(id: string | undefined, body: unknown): Promise<string> {
  const answer = await apiFetch<unknown>(id === undefined ? NOMINEES_PATH : nomineePath(id), {
    method: id === undefined ? "POST" : "PUT",
    body: JSON.stringify(body),
  });
  if (id !== undefined) return id;
  if (typeof answer === "string") return answer;
  if (typeof answer === "object" && answer !== null && "id" in answer && typeof answer.id === "string") {
    return answer.id;
  }
  throw new TypeError("POST /api/shared/nominees answered no id");
}

export async function runNomineeAction(id: string, action: NomineeAction): Promise<void> {
  if (action === "delete") await apiFetch(nomineePath(id), { method: "DELETE" });
  else await apiFetch(`${nomineePath(id)}/${action}`, { method: "POST" });
}
