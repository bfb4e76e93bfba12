import type { Generated } from "kysely";

/**
 * The tables Kysely knows, one interface per table, added by the issue that creates the table in a
 * migration. app_meta is left out on purpose: only migrations touch it.
 */
export type DB = {
  job: JobTable;
  mail_outbox: MailOutboxTable;
};

/** A durable job (server/jobs). Times are epoch milliseconds. */
export interface JobTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  failed_at: number | null;
  created_at: number;
  unique_key: string | null;
}

export type MailStatus = "queued" | "sent" | "failed";

/** A rendered email waiting for, or done with, delivery (server/mail). */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers, such as List-Unsubscribe. */
  headers: string;
  lng: string;
  template: string;
  status: MailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}
