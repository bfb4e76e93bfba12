import type { Kysely } from "kysely";

/**
 * A mail's claim while one worker sends it (server/mail/delivery.ts): until then no other worker
 * sends the same mail, even one running the same job after its lease lapsed; a worker that dies
 * mid-send leaves the claim to expire, and the mail is sent again after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("sending_until", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("sending_until").execute();
}
