import { AsyncLocalStorage } from "node:async_hooks";
import type { TransactionSubscriber } from "../../file/changes.ts";
import { recordActivity } from "../activity/index.ts";

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
