import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../domain/catalog/languages.ts";
import { SHAREABLE_MODULES } from "../../../domain/schemas/share.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import type { DB } from "../../db/schema.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import type { ShareNoticeKind } from "../../mail/templates/sharing.ts";
import { ownPersonNames } from "../persons/index.ts";
import type { UnsubscribeLinks } from "../unsubscribe/index.ts";
import type { ApprovalLinks } from "./approval-links.ts";
import { inviteExpiresAt, type NomineeRow, type OwnerIdentity, scopeOf } from "./presenter.ts";
import { type AccountKey, nomineeRepository } from "./repository.ts";

/** Where the nominee answers invitations and reads what is shared. */
export const SHARED_WITH_ME_PATH = "/dashboard/shared-data/shared-with-me";

/** The owner's page of one nominee (Shared by me). */
function nomineePagePath(nomineeId: string): string {
  return `/dashboard/shared-data/shared-by-me/${nomineeId}`;
}

/** The owner's own "me" person names them; else the account's name. */
export async function ownerIdentity(db: Kysely<DB>, ownerId: string): Promise<OwnerIdentity | null> {
  const user = await nomineeRepository(db).findAccount({ id: ownerId });
  if (user === undefined) return null;
  const me = await ownPersonNames(db, ownerId);
  if (me !== undefined) return { firstName: me.first_name, lastName: me.last_name, email: user.email };
  return { firstName: user.name || null, lastName: null, email: user.email };
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter((part) => part !== null && part !== "").join(" ");
}

async function languageOf(db: Kysely<DB>, account: AccountKey): Promise<Language | null> {
  const user = await nomineeRepository(db).findAccount(account);
  if (user === undefined) return null;
  return isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
}

/**
 * Every mail of the nominee lifecycle, each written in the caller's transaction so it exists
 * exactly when the change it tells of does. A nominee reads their own account's language, or,
 * before they have one, the owner's.
 */
export function sharingMails(options: {
  outbox: MailOutbox;
  links: ApprovalLinks;
  unsubscribe: UnsubscribeLinks;
  publicUrl: string;
}) {
  const { outbox, links, unsubscribe } = options;
  const origin = options.publicUrl.replace(/\/+$/, "");

  async function owner(trx: Kysely<DB>, row: NomineeRow) {
    const identity = await ownerIdentity(trx, row.owner_id);
    if (identity === null) return null;
    const lng = (await languageOf(trx, { id: row.owner_id })) ?? DEFAULT_LANGUAGE;
    return { ...identity, name: fullName(identity.firstName, identity.lastName) || identity.email, lng };
  }

  async function nomineeLanguage(trx: Kysely<DB>, row: NomineeRow, fallback: Language): Promise<Language> {
    if (row.user_id !== null) return (await languageOf(trx, { id: row.user_id })) ?? fallback;
    return (await languageOf(trx, { email: row.email })) ?? fallback;
  }

  const nomineeName = (row: NomineeRow) => fullName(row.first_name, row.last_name);

  /**
   * A notice is mail its reader may turn off (My Account, or the link in every one): null when
   * they have, else the link for the footer and the one-click headers. A reader without an
   * account (a nominee not registered yet) has nothing to turn off.
   */
  async function optOut(trx: Kysely<DB>, account: AccountKey) {
    const user = await nomineeRepository(trx).findAccount(account);
    if (user === undefined) return {};
    if (user.emailNotifications !== null && !authBoolean(user.emailNotifications)) return null;
    return {
      data: { unsubscribeUrl: unsubscribe.unsubscribeLink(user.id) },
      headers: unsubscribe.listUnsubscribeHeaders(user.id),
    };
  }

  return {
    /** To the nominee: who names them, what and when they may read, and how to accept. */
    async invitation(trx: Kysely<DB>, row: NomineeRow): Promise<void> {
      const from = await owner(trx, row);
      if (from === null) return;
      const scope = scopeOf(row);
      // Modules in the menu's order, then single categories.
      const shared = [
        ...SHAREABLE_MODULES.filter((module) => scope.modules.includes(module)),
        ...scope.categories,
      ];
      await outbox.enqueueMail(
        {
          to: row.email,
          template: "shareInvitation",
          lng: await nomineeLanguage(trx, row, from.lng),
          data: {
            ownerName: from.name,
            ownerEmail: from.email,
            shared,
            release: row.release,
            expiresAt: inviteExpiresAt(row),
            url: `${origin}${SHARED_WITH_ME_PATH}`,
            // Registered and confirmed, the nominee lands on the invitation, not on a file of their own.
            registerUrl: `${origin}/register?${new URLSearchParams({ email: row.email, next: SHARED_WITH_ME_PATH }).toString()}`,
          },
        },
        trx,
      );
    },

    /** To the owner: the pending request, with its Approve and Decline links (or the reminder of it). */
    async request(trx: Kysely<DB>, row: NomineeRow, reminder: boolean): Promise<void> {
      const to = await owner(trx, row);
      if (to === null || row.request_id === null) return;
      await outbox.enqueueMail(
        {
          to: to.email,
          template: "shareRequest",
          lng: to.lng,
          data: {
            nomineeName: nomineeName(row),
            nomineeEmail: row.email,
            releaseAt: row.release_at === null ? null : Number(row.release_at),
            ...links.links(row.id, row.request_id),
            reminder,
          },
        },
        trx,
      );
    },

    async toNominee(trx: Kysely<DB>, row: NomineeRow, kind: ShareNoticeKind): Promise<void> {
      const from = await owner(trx, row);
      const choice = await optOut(trx, row.user_id === null ? { email: row.email } : { id: row.user_id });
      if (from === null || choice === null) return;
      await outbox.enqueueMail(
        {
          to: row.email,
          template: "shareNotice",
          lng: await nomineeLanguage(trx, row, from.lng),
          data: {
            kind,
            name: from.name,
            url: `${origin}${SHARED_WITH_ME_PATH}`,
            releaseAt: kind === "requestSent" && row.release_at !== null ? Number(row.release_at) : null,
            ...choice.data,
          },
          ...(choice.headers === undefined ? {} : { headers: choice.headers }),
        },
        trx,
      );
    },

    async toOwner(trx: Kysely<DB>, row: NomineeRow, kind: ShareNoticeKind): Promise<void> {
      const to = await owner(trx, row);
      const choice = await optOut(trx, { id: row.owner_id });
      if (to === null || choice === null) return;
      await outbox.enqueueMail(
        {
          to: to.email,
          template: "shareNotice",
          lng: to.lng,
          data: { kind, name: nomineeName(row), url: `${origin}${nomineePagePath(row.id)}`, ...choice.data },
          ...(choice.headers === undefined ? {} : { headers: choice.headers }),
        },
        trx,
      );
    },
  };
}
