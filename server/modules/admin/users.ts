import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type {
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
  AuditEntry,
  AuditQuery,
} from "../../../domain/schemas/admin.ts";
import type { Comment } from "../../../domain/schemas/comment.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { authBoolean, authDate } from "../../auth/auth-values.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import { rolesOf, specRoles } from "../../auth/roles.ts";
import { containsText, startsWithText } from "../../db/like.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { AccountEraser } from "../account/account-deletion.ts";
import { accountBilling } from "./account-billing.ts";
import { audit } from "./audit.ts";

/** Where the verification link sends its reader (the app's sign-in, which says it worked). */
const VERIFIED_PATH = "/login?verified=1";

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/**
 * Platform admins' view of accounts (`/api/admin/users*`), their comments on accounts and the
 * audit log. An account's facts only: never its records, persons, documents or vault. Every
 * change is audited in its own transaction.
 */
export function createUserAdmin(options: {
  services: AuthServices;
  billing: BillingMode;
  clock: () => number;
  eraser: AccountEraser;
}) {
  const { services, clock, eraser } = options;
  const db = services.database.db;

  function usersQuery(trx: Kysely<DB>) {
    return trx
      .selectFrom("user")
      .leftJoin("entitlement", "entitlement.user_id", "user.id")
      .select((eb) => [
        "user.id",
        "user.email",
        "user.name",
        "user.emailVerified",
        "user.role",
        "user.banned",
        "user.twoFactorEnabled",
        "user.createdAt",
        "entitlement.subscriber_until",
        "entitlement.b2b_until",
        "entitlement.company_admin",
        eb
          .selectFrom("sign_in_event")
          .select((inner) => inner.fn.max("sign_in_event.created_at").as("last"))
          .whereRef("sign_in_event.user_id", "=", "user.id")
          .where("sign_in_event.kind", "=", "sign_in")
          .as("last_sign_in"),
      ]);
  }

  type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>["executeTakeFirstOrThrow"]>>;

  function present(row: UserRow): AdminUser {
    const roles = rolesOf(
      {
        emailVerified: authBoolean(row.emailVerified),
        adminRole: row.role,
        subscriberUntil: row.subscriber_until ?? null,
        b2bUntil: row.b2b_until ?? null,
        companyAdmin: row.company_admin === 1,
      },
      options.billing,
      clock(),
    );
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

  async function user(id: string, trx: Kysely<DB> = db): Promise<AdminUser> {
    const row = await usersQuery(trx).where("user.id", "=", id).executeTakeFirst();
    if (row === undefined) throw new AppError("not_found");
    return present(row);
  }

  /** An admin acts on others: their own account has My Account for that. */
  function notSelf(actor: Actor, id: string): void {
    if (actor.userId === id) throw new AppError("conflict", { message: "errors:admin.not_yourself" });
  }

  async function activeAdmins(trx: Kysely<DB>): Promise<number> {
    const admins = await trx
      .selectFrom("user")
      .select("id")
      .where("role", "like", "%admin%")
      .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
      .execute();
    return admins.length;
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

  function presentComment(row: {
    id: string;
    notes: string;
    author_id: string;
    author_name: string | null;
    created_at: number;
    updated_at: number;
  }): Comment {
    const [first = null, ...rest] = (row.author_name ?? "").trim().split(/\s+/).filter(Boolean);
    return {
      id: row.id,
      notes: row.notes,
      ownerId: row.author_id,
      ownerFirstName: first,
      ownerLastName: rest.length > 0 ? rest.join(" ") : null,
      createTime: seconds(Number(row.created_at)),
      lastUpdateDate: seconds(Number(row.updated_at)),
    };
  }

  function commentsQuery() {
    return db
      .selectFrom("account_comment")
      .leftJoin("user", "user.id", "account_comment.author_id")
      .select([
        "account_comment.id",
        "account_comment.notes",
        "account_comment.author_id",
        "account_comment.created_at",
        "account_comment.updated_at",
        "user.name as author_name",
      ]);
  }

  /** The actor's own comment, or 404: only its author may change it. */
  async function ownComment(actor: Actor, id: string) {
    const row = await db.selectFrom("account_comment").selectAll().where("id", "=", id).executeTakeFirst();
    if (row === undefined || row.author_id !== actor.userId) throw new AppError("not_found");
    return row;
  }

  return {
    async list(query: AdminUsersQuery): Promise<Page<AdminUser>> {
      let select = usersQuery(db);
      if (query.search !== "") {
        select = select.where((eb) =>
          eb.or([
            containsText(eb.ref("user.email"), query.search),
            containsText(eb.ref("user.name"), query.search),
          ]),
        );
      }
      const counted = await db
        .selectFrom(select.as("matched"))
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await select
        .orderBy("user.createdAt", "desc")
        .orderBy("user.id")
        .limit(query.size)
        .offset(query.page * query.size)
        .execute();
      return pageOf(rows.map(present), query.page, query.size, Number(counted.count));
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
      if (!grant && (await activeAdmins(db)) <= 1) {
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
      await db.transaction().execute(async (trx) => {
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

    async comments(userId: string): Promise<Comment[]> {
      await user(userId);
      const rows = await commentsQuery()
        .where("account_comment.user_id", "=", userId)
        .orderBy("account_comment.created_at", "desc")
        .execute();
      return rows.map(presentComment);
    },

    async addComment(actor: Actor, userId: string, notes: string): Promise<Comment> {
      await user(userId);
      const now = clock();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("account_comment")
          .values({ id, user_id: userId, author_id: actor.userId, notes, created_at: now, updated_at: now })
          .execute();
        await audit(
          trx,
          actor,
          { action: "comment.create", subjectKind: "user", subjectId: userId, detail: { commentId: id } },
          now,
        );
      });
      return presentComment(
        await commentsQuery().where("account_comment.id", "=", id).executeTakeFirstOrThrow(),
      );
    },

    async updateComment(actor: Actor, id: string, notes: string): Promise<Comment> {
      const row = await ownComment(actor, id);
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("account_comment")
          .set({ notes, updated_at: now })
          .where("id", "=", id)
          .execute();
        await audit(
          trx,
          actor,
          {
            action: "comment.update",
            subjectKind: "user",
            subjectId: row.user_id,
            detail: { commentId: id },
          },
          now,
        );
      });
      return presentComment(
        await commentsQuery().where("account_comment.id", "=", id).executeTakeFirstOrThrow(),
      );
    },

    async deleteComment(actor: Actor, id: string): Promise<void> {
      const row = await ownComment(actor, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("account_comment").where("id", "=", id).execute();
        await audit(
          trx,
          actor,
          {
            action: "comment.delete",
            subjectKind: "user",
            subjectId: row.user_id,
            detail: { commentId: id },
          },
          clock(),
        );
      });
    },

    async auditLog(query: AuditQuery): Promise<Page<AuditEntry>> {
      let select = db.selectFrom("audit_entry").leftJoin("user", "user.id", "audit_entry.actor_id");
      if (query.action !== "")
        select = select.where((eb) => startsWithText(eb.ref("audit_entry.action"), query.action));
      if (query.actorId !== "") select = select.where("audit_entry.actor_id", "=", query.actorId);
      const counted = await select
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await select
        .select([
          "audit_entry.id",
          "audit_entry.actor_id",
          "audit_entry.action",
          "audit_entry.subject_kind",
          "audit_entry.subject_id",
          "audit_entry.detail",
          "audit_entry.ip",
          "audit_entry.created_at",
          "user.email as actor_email",
        ])
        .orderBy("audit_entry.created_at", "desc")
        .orderBy("audit_entry.id")
        .limit(query.size)
        .offset(query.page * query.size)
        .execute();
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
        Number(counted.count),
      );
    },
  };
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;
