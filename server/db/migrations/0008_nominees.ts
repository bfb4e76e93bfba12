import type { Kysely } from "kysely";

/**
 * Nominees: the people an owner shares parts of the file with, their release rule and where they
 * are in the lifecycle (domain/schemas/share.ts). The activity log gains the nominee an entry was
 * made by, so the owner can read each nominee's views, reveals and downloads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("nominee")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("owner_id", "text", (column) => column.notNull())
    // The person of the owner's network this nominee was made from, if any.
    .addColumn("person_id", "text")
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text", (column) => column.notNull())
    // Lower-cased; the invitation is accepted by the account holding this verified address.
    .addColumn("email", "text", (column) => column.notNull())
    // The nominee's account, set on acceptance.
    .addColumn("user_id", "text")
    // JSON of ShareScope: { modules: [...], categories: [...] }.
    .addColumn("scope", "text", (column) => column.notNull())
    .addColumn("release", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    // When the current invitation was sent (it lives INVITATION_LIFETIME_DAYS from then).
    .addColumn("invited_at", "bigint", (column) => column.notNull())
    .addColumn("accepted_at", "bigint")
    // The current access request: its id binds the approval link (approval-links.ts: the sign is
    // an HMAC over nominee and request, void once this changes) and the release job to it.
    .addColumn("request_id", "text")
    .addColumn("requested_at", "bigint")
    // When the pending request releases by itself (null for manual, or when none is pending).
    .addColumn("release_at", "bigint")
    .addColumn("released_at", "bigint")
    // Released access ends on this date ("back to normal"); null for no end.
    .addColumn("access_ends_at", "bigint")
    // The first time the nominee opened the file since the last release (the owner is mailed then).
    .addColumn("opened_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("nominee_owner").on("nominee").column("owner_id").execute();
  await db.schema.createIndex("nominee_user").on("nominee").column("user_id").execute();
  await db.schema.createIndex("nominee_email").on("nominee").column("email").execute();
  // One nominee per address per owner: a second invitation to the same person is a conflict.
  await db.schema
    .createIndex("nominee_owner_email")
    .unique()
    .on("nominee")
    .columns(["owner_id", "email"])
    .execute();

  await db.schema.alterTable("activity").addColumn("nominee_id", "text").execute();
  await db.schema
    .createIndex("activity_nominee_created")
    .on("activity")
    .columns(["nominee_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("activity_nominee_created").execute();
  await db.schema.alterTable("activity").dropColumn("nominee_id").execute();
  await db.schema.dropTable("nominee").execute();
}
