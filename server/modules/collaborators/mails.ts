import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../domain/catalog/languages.ts";
import { SHAREABLE_MODULES } from "../../../domain/schemas/share.ts";
import type { DB } from "../../db/schema.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { type CollaboratorRow, collaboratorRepository } from "./repository.ts";
import { scopeOf } from "./scope.ts";

/** Where an invitee answers and a collaborator opens the files they help with. */
export const COLLABORATING_PATH = "/dashboard/shared-data/collaborating";

/** The collaborators' mail, written in the caller's transaction so it exists exactly when the invitation does. */
export function collaboratorMails(options: { outbox: MailOutbox; publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/+$/, "");
  return {
    /** To the invitee, in their account's language, or the owner's when they have no account yet. */
    async invitation(trx: Kysely<DB>, row: CollaboratorRow): Promise<void> {
      const collaborators = collaboratorRepository(trx);
      const owner = await collaborators.account(row.owner_id);
      if (owner === undefined) return;
      const invitee = await collaborators.languageOf(row.email);
      const lng = isLanguage(invitee) ? invitee : isLanguage(owner.lang) ? owner.lang : DEFAULT_LANGUAGE;
      const scope = scopeOf(row);
      await options.outbox.enqueueMail(
        {
          to: row.email,
          template: "collaboratorInvitation",
          lng,
          data: {
            ownerName: owner.name || owner.email,
            ownerEmail: owner.email,
            firstName: row.first_name,
            // Modules in the menu's order, then single categories.
            scope: [
              ...SHAREABLE_MODULES.filter((module) => scope.modules.includes(module)),
              ...scope.categories,
            ],
            secrets: scope.secrets,
            rights: row.rights === "edit" ? "edit" : "view",
            url: `${origin}${COLLABORATING_PATH}`,
            registerUrl: `${origin}/register?${new URLSearchParams({ email: row.email, next: COLLABORATING_PATH }).toString()}`,
          },
        },
        trx,
      );
    },
  };
}

export type CollaboratorMails = ReturnType<typeof collaboratorMails>;
