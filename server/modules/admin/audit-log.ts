import type { Kysely } from "kysely";
import type { AuditEntry, AuditQuery } from "../../../domain/schemas/admin.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { DB } from "../../db/schema.ts";
import { adminRepository } from "./repository.ts";

/** The audit log as platform admins read it: newest first, by action prefix and actor. */
export async function auditLog(db: Kysely<DB>, query: AuditQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await adminRepository(db).auditPage(query);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      subjectKind: row.subject_kind,
      subjectId: row.subject_id,
      detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
      ip: row.ip,
      createdAt: Number(row.created_at),
    })),
    query.page,
    query.size,
    total,
  );
}
