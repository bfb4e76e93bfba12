import type { AuditQuery } from "../../../domain/schemas/admin.ts";
import { accountCommentCalls } from "./account-comments.ts";
import { accountCalls, type UserAdminOptions } from "./accounts.ts";
import { auditLog } from "./audit-log.ts";

/**
 * Platform admins' view of accounts (`/api/admin/users*`), their comments on accounts and the
 * audit log, put together from their own files.
 */
export function createUserAdmin(options: UserAdminOptions) {
  const db = options.services.database.db;
  const { user, ...accounts } = accountCalls(options);
  return {
    ...accounts,
    ...accountCommentCalls({ db, clock: options.clock, user }),
    auditLog: (query: AuditQuery) => auditLog(db, query),
  };
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;
