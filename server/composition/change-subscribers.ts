import { collaboratorWritesAudit } from "../modules/collaborators/file-audit.ts";
import { attachedDocumentsLinker } from "../modules/documents/record-links.ts";
import { recordSearchDoc } from "../modules/records/search-source.ts";
import { reminderScheduler } from "../modules/reminders/schedule.ts";
import type { AppDependencies } from "./dependencies.ts";

/** What follows every write to an owner's file on the change bus, in its transaction or after. */
export function subscribeToChanges(deps: AppDependencies): void {
  const { changes, listAnswers, searchIndex, reminderJobs, clock } = deps;
  changes.committed(listAnswers.subscriber);
  // In each write's transaction, in this order: documents' links, the search index (of every
  // kind it finds, server/modules/search), reminders.
  changes.inTransaction(attachedDocumentsLinker(changes));
  changes.inTransaction(searchIndex.subscriber(recordSearchDoc));
  if (reminderJobs !== undefined) {
    changes.inTransaction(reminderScheduler({ jobs: reminderJobs, clock }));
  }
  // A collaborator's writes go into the owner's activity log with them (collaborators/file-audit.ts).
  changes.inTransaction(collaboratorWritesAudit);
}
