import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Actor } from "../../auth/access.ts";
import type { DB } from "../../db/schema.ts";
import { adminRepository } from "./repository.ts";

/**
 * The audit log: every admin and company-admin action, who did it, from where, to what, and the
 * facts that changed. Never the contents of anyone's file. Appended only: nothing in the app
 * changes or deletes an entry.
 */
export async function audit(
  db: Kysely<DB>,
  actor: Actor,
  entry: { action: string; subjectKind: string; subjectId: string | null; detail?: Record<string, unknown> },
  now: number,
): Promise<void> {
  await adminRepository(db).appendAudit({
    id: randomUUID(),
    actor_id: actor.userId,
    action: entry.action,
    subject_kind: entry.subjectKind,
    subject_id: entry.subjectId,
    detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
    ip: actor.ip ?? null,
    created_at: now,
  });
}
