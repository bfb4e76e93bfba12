import { AsyncLocalStorage } from "node:async_hooks";
import type { TransactionSubscriber } from "../../file/changes.ts";
import { recordActivity } from "../activity/index.ts";
import { takenOut } from "./file-scope.ts";

/** A collaborator's call in an owner's file, as its writes see it. */
export type CollaboratorCall = { ownerId: string; collaboratorId: string };

/** The collaborator whose call is running, if any: the writes it makes are logged under their name. */
const collaboratorCalls = new AsyncLocalStorage<CollaboratorCall>();

/** Runs a handler of the owner's file as the collaborator's call. */
export function asCollaboratorCall<T>(call: CollaboratorCall, run: () => T): T {
  return collaboratorCalls.run(call, run);
}

/**
 * In each write's transaction: a collaborator's write to the owner's file goes into the owner's
 * activity log, naming the collaborator, and commits with it or not at all.
 */
export const collaboratorWritesAudit: TransactionSubscriber = async (trx, change) => {
  const call = collaboratorCalls.getStore();
  if (call === undefined || change.ownerId !== call.ownerId || change.kind === "file") return;
  await recordActivity(trx, [
    {
      ownerId: call.ownerId,
      actorId: call.collaboratorId,
      kind: change.operation === "saved" ? "save" : "delete",
      subjectKind: change.kind,
      subjectId: change.id,
      category: change.kind === "record" ? change.category.key : null,
    },
  ]);
};

/** An entry of the owner's activity log, without whose file and who acted. */
type AnsweredEntry = {
  kind: "download" | "export" | "save" | "delete";
  subjectKind: string;
  subjectId: string;
  category: string | null;
  field?: string | null;
};

/**
 * What a collaborator's answered call leaves in the owner's log: what it took out of the file (a
 * download, an export), and the writes that publish nothing on the file's bus (comments, "I don't
 * have this" marks); null for the rest.
 */
export function answeredActivity(
  method: string,
  route: string,
  params: Readonly<Record<string, string | undefined>>,
): AnsweredEntry | null {
  const out = takenOut(route);
  if (out === "download")
    return {
      kind: out,
      subjectKind: "document",
      subjectId: params.id ?? route,
      category: params.type ?? null,
      field: params.fileName ?? null,
    };
  if (out === "export")
    return { kind: out, subjectKind: "list", subjectId: route, category: params.type ?? null };
  if (method === "GET" || method === "HEAD") return null;
  const kind = method === "DELETE" ? "delete" : "save";
  if (route.startsWith("/comments/"))
    return {
      kind,
      subjectKind: "comment",
      subjectId: params.id ?? params.subjectId ?? route,
      category: null,
    };
  if (route.startsWith("/home/not-applicable/"))
    return {
      kind,
      subjectKind: "notApplicable",
      subjectId: params.category ?? route,
      category: params.category ?? null,
    };
  return null;
}
