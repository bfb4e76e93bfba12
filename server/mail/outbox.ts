import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Language } from "../../domain/catalog/languages.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { MailJobs } from "./delivery.ts";
import type { MailTemplate } from "./render.ts";
import { type MailData, type MailTemplateName, mailTemplates } from "./templates/index.ts";

export type MailRequest<Name extends MailTemplateName> = {
  to: string;
  template: Name;
  data: MailData<Name>;
  lng: Language;
  /** Extra headers, such as listUnsubscribeHeaders(url) for mail a reader can opt out of. */
  headers?: Record<string, string>;
};

export type MailOutbox = {
  /**
   * Renders the mail, stores it and schedules its delivery, and returns its id. Pass the caller's
   * transaction so the mail exists exactly when the change that prompts it does.
   */
  enqueueMail<Name extends MailTemplateName>(request: MailRequest<Name>, trx?: Kysely<DB>): Promise<string>;
};

/** The RFC 8058 one-click unsubscribe headers mail clients show as an "Unsubscribe" button. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function createMailOutbox(options: {
  database: Database;
  jobs: JobQueue<MailJobs>;
  clock?: () => number;
}): MailOutbox {
  const { database, jobs } = options;
  const clock = options.clock ?? Date.now;

  async function store<Name extends MailTemplateName>(db: Kysely<DB>, request: MailRequest<Name>) {
    // Indexing the map by a generic name loses the pairing of template and data that MailRequest keeps.
    const render = mailTemplates[request.template] as MailTemplate<MailData<Name>>;
    const { subject, text, html } = render(request.data, request.lng);
    const id = randomUUID();
    await db
      .insertInto("mail_outbox")
      .values({
        id,
        to_address: request.to,
        subject,
        text_body: text,
        html_body: html,
        headers: JSON.stringify(request.headers ?? {}),
        lng: request.lng,
        template: request.template,
        status: "queued",
        last_error: null,
        created_at: clock(),
        sent_at: null,
      })
      .execute();
    await jobs.enqueue("mail.deliver", { mailId: id }, {}, db);
    return id;
  }

  return {
    enqueueMail: (request, trx) =>
      trx === undefined
        ? database.db.transaction().execute((own) => store(own, request))
        : store(trx, request),
  };
}
