import type { Insertable, Kysely } from "kysely";
import type { AdminUsersQuery, AuditQuery } from "../../../domain/schemas/admin.ts";
import { containsText, startsWithText } from "../../db/like.ts";
import type { AccountCommentTable, AuditEntryTable, DB } from "../../db/schema.ts";

/**
 * Every query of the admin area: its own `account_comment` and `audit_entry`, and the accounts
 * table with each account's entitlement and last sign-in (the auth layer's tables, read only).
 * Pass a transaction to run them inside it.
 */
export function adminRepository(db: Kysely<DB>) {
  function accounts() {
    return db
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

  function comments() {
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

  return {
    account(id: string) {
      return accounts().where("user.id", "=", id).executeTakeFirst();
    },

    /** A page of accounts, newest first, matching a search on email or name. */
    async accountPage(query: AdminUsersQuery) {
      let select = accounts();
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
      return { rows, total: Number(counted.count) };
    },

    /** Platform admins not disabled. */
    async activeAdminCount(): Promise<number> {
      const admins = await db
        .selectFrom("user")
        .select("id")
        .where("role", "like", "%admin%")
        .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
        .execute();
      return admins.length;
    },

    /** The comments on an account with their author's name, newest first. */
    commentsOn(userId: string) {
      return comments()
        .where("account_comment.user_id", "=", userId)
        .orderBy("account_comment.created_at", "desc")
        .execute();
    },

    /** One comment with its author's name. */
    presentableComment(id: string) {
      return comments().where("account_comment.id", "=", id).executeTakeFirstOrThrow();
    },

    comment(id: string) {
      return db.selectFrom("account_comment").selectAll().where("id", "=", id).executeTakeFirst();
    },

    insertComment(row: Insertable<AccountCommentTable>): Promise<unknown> {
      return db.insertInto("account_comment").values(row).execute();
    },

    updateComment(id: string, notes: string, now: number): Promise<unknown> {
      return db.updateTable("account_comment").set({ notes, updated_at: now }).where("id", "=", id).execute();
    },

    deleteComment(id: string): Promise<unknown> {
      return db.deleteFrom("account_comment").where("id", "=", id).execute();
    },

    /** Admins' comments about an account go with it. */
    forgetAccount(userId: string): Promise<unknown> {
      return db.deleteFrom("account_comment").where("user_id", "=", userId).execute();
    },

    appendAudit(row: Insertable<AuditEntryTable>): Promise<unknown> {
      return db.insertInto("audit_entry").values(row).execute();
    },

    /** A page of the audit log, newest first, by action prefix and actor, with the actor's email. */
    async auditPage(query: AuditQuery) {
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
      return { rows, total: Number(counted.count) };
    },
  };
}

export type AdminAccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminRepository>["account"]>>>;
