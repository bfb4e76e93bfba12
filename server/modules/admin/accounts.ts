import type { AdminUser, AdminUserDetail, AdminUsersQuery } from "../../../domain/schemas/admin.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { authBoolean, authDate } from "../../auth/auth-values.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import { roleFactsOf, rolesOf, specRoles } from "../../auth/roles.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountEraser } from "../account/index.ts";
import { accountBilling } from "./account-billing.ts";
import { audit } from "./audit.ts";
import { type AdminAccountRow, adminRepository } from "./repository.ts";

/** Where the verification link sends its reader (the app's sign-in, which says it worked). */
const VERIFIED_PATH = "/login?verified=1";

export type UserAdminOptions = {
  services: AuthServices;
  billing: BillingMode;
  clock: () => number;
  eraser: AccountEraser;
};

/** An admin acts on others: their own account has My Account for that. */
function notSelf(actor: Actor, id: string): void {
  if (actor.userId === id) throw new AppError("conflict", { message: "errors:admin.not_yourself" });
}

/**
 * Platform admins' view of accounts (`/api/admin/users*`): list, detail, disable, enable, resend
 * the verification, grant admin, delete. An account's facts only: never its records, persons,
 * documents or vault. Every change is audited.
 */
export function accountCalls(options: UserAdminOptions) {
  const { services, clock, eraser } = options;
  const db = services.database.db;
  const repository = adminRepository(db);

  function present(row: AdminAccountRow): AdminUser {
    const roles = rolesOf(roleFactsOf(row), options.billing, clock());
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      roles: specRoles(roles),
      status: authBoolean(row.banned) ? "disabled" : authBoolean(row.emailVerified) ? "active" : "unverified",
      twoFactor: authBoolean(row.twoFactorEnabled),
      createdAt: authDate(row.createdAt) ?? 0,
      lastSignInAt: row.last_sign_in === null ? null : Number(row.last_sign_in),
    };
  }

  async function user(id: string): Promise<AdminUser> {
    const row = await repository.account(id);
    if (row === undefined) throw new AppError("not_found");
    return present(row);
  }

  async function changed(actor: Actor, id: string, action: string, detail?: Record<string, unknown>) {
    await audit(
      db,
      actor,
      { action, subjectKind: "user", subjectId: id, ...(detail ? { detail } : {}) },
      clock(),
    );
    await services.sessions.forgetUser(id);
    return user(id);
  }

  return {
    /** The account, or 404: the comments' calls check it too. */
    user,

    async list(query: AdminUsersQuery): Promise<Page<AdminUser>> {
      const { rows, total } = await repository.accountPage(query);
      return pageOf(rows.map(present), query.page, query.size, total);
    },

    async get(id: string): Promise<AdminUserDetail> {
      return { ...(await user(id)), ...(await accountBilling(db, id, clock())) };
    },

    /** Disabled: signed out everywhere at once, and refused at sign-in until enabled. */
    async disable(actor: Actor, id: string): Promise<AdminUser> {
      notSelf(actor, id);
      await user(id);
      const { internalAdapter } = await services.auth.$context;
      await internalAdapter.updateUser(id, {
        banned: true,
        banReason: "disabled by an admin",
        banExpires: null,
      });
      await internalAdapter.deleteUserSessions(id);
      return changed(actor, id, "user.disable");
    },

    async enable(actor: Actor, id: string): Promise<AdminUser> {
      await user(id);
      const { internalAdapter } = await services.auth.$context;
      await internalAdapter.updateUser(id, { banned: false, banReason: null, banExpires: null });
      return changed(actor, id, "user.enable");
    },

    async resendVerification(actor: Actor, id: string): Promise<AdminUser> {
      const target = await user(id);
      if (target.status !== "unverified") {
        throw new AppError("conflict", { message: "errors:admin.already_verified" });
      }
      await services.auth.api.sendVerificationEmail({
        body: { email: target.email, callbackURL: VERIFIED_PATH },
      });
      return changed(actor, id, "user.resend_verification");
    },

    /** Grants or removes platform admin; the last admin is never removed. */
    async setAdmin(actor: Actor, id: string, grant: boolean): Promise<AdminUser> {
      const target = await user(id);
      const isAdmin = target.roles.includes("admin");
      if (isAdmin === grant) return target;
      if (!grant && (await repository.activeAdminCount()) <= 1) {
        throw new AppError("conflict", { message: "errors:admin.last_admin" });
      }
      const { internalAdapter } = await services.auth.$context;
      await internalAdapter.updateUser(id, { role: grant ? "admin" : "user" });
      return changed(actor, id, grant ? "user.admin_grant" : "user.admin_remove");
    },

    /** The same path as self-deletion: everything the account owns goes, in one transaction. */
    async remove(actor: Actor, id: string): Promise<void> {
      notSelf(actor, id);
      const target = await user(id);
      await services.changes.transaction(db, async (trx) => {
        await eraser.erase(id, trx);
        await audit(
          trx,
          actor,
          { action: "user.delete", subjectKind: "user", subjectId: id, detail: { email: target.email } },
          clock(),
        );
      });
      await services.sessions.forgetUser(id);
    },
  };
}
