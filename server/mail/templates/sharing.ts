import type { Language } from "../../../domain/catalog/languages.ts";
import type { ReleaseTiming } from "../../../domain/catalog/releaseTimings.ts";
import { releaseDelayDays } from "../../../domain/catalog/releaseTimings.ts";
import { DEFAULT_TIME_ZONE } from "../../../domain/limits.ts";
import en from "../../../public/locales/en/sections.json" with { type: "json" };
import fr from "../../../public/locales/fr/sections.json" with { type: "json" };
import { composeMail, type MailTemplate } from "../render.ts";
import { fill, formatTime, mailStrings, pluralForm } from "../strings.ts";

/** Module and category labels of the reader's language, for naming what is shared. */
const SECTION_LABELS: Record<Language, Record<string, string>> = {
  en: { ...en.category, ...en.module },
  fr: { ...fr.category, ...fr.module },
};

export type ShareInvitationData = {
  ownerName: string;
  ownerEmail: string;
  /** Module and category keys of the scope, named in the reader's language. */
  shared: readonly string[];
  release: ReleaseTiming;
  /** Epoch ms when the invitation stops being acceptable. */
  expiresAt: number;
  /** Shared with me, where the invitation is accepted. */
  url: string;
  /** Sign-up with the invited address filled in. */
  registerUrl: string;
};

/** To a nominee: who names them, what they may read, when, and how to accept (with a free account). */
export const shareInvitation: MailTemplate<ShareInvitationData> = (data, lng) => {
  const s = mailStrings(lng).shareInvitation;
  const owner = data.ownerName;
  const days = releaseDelayDays(data.release);
  const rule =
    days === 0
      ? s.releaseNow
      : days === null
        ? fill(s.releaseManual, { owner })
        : fill(s[`releaseDays_${pluralForm(lng, days)}`], { owner, count: days });
  const labels = SECTION_LABELS[lng];
  return composeMail(lng, {
    subject: fill(s.subject, { owner }),
    heading: s.heading,
    body: [
      fill(s.intro, { owner, email: data.ownerEmail }),
      { details: [{ label: s.shared, value: data.shared.map((key) => labels[key] ?? key).join(", ") }] },
      rule,
    ],
    action: { label: s.action, url: data.url },
    notes: [
      fill(s.account, { url: data.registerUrl }),
      fill(s.expiry, { date: formatTime(lng, data.expiresAt, DEFAULT_TIME_ZONE) }),
    ],
  });
};

export type ShareRequestData = {
  nomineeName: string;
  nomineeEmail: string;
  /** When access is released unless the owner answers; null for manual. */
  releaseAt: number | null;
  approveUrl: string;
  declineUrl: string;
  /** The one reminder on the last day, rather than the first mail. */
  reminder: boolean;
};

/** To the owner: a nominee asks for access; Approve as the button, Decline as a second link. */
export const shareRequest: MailTemplate<ShareRequestData> = (data, lng) => {
  const s = mailStrings(lng).shareRequest;
  const nominee = data.nomineeName;
  const when =
    data.releaseAt === null
      ? s.manual
      : fill(s.releaseOn, { date: formatTime(lng, data.releaseAt, DEFAULT_TIME_ZONE) });
  return composeMail(lng, {
    subject: fill(data.reminder ? s.subjectReminder : s.subject, { nominee }),
    heading: s.heading,
    body: [
      fill(s.intro, { nominee, email: data.nomineeEmail }),
      ...(data.reminder ? [s.reminder] : []),
      when,
    ],
    action: { label: s.action, url: data.approveUrl },
    notes: [fill(s.decline, { url: data.declineUrl }), s.inApp],
  });
};

const SHARE_NOTICE_KINDS = [
  "requestSent",
  "released",
  "releasedUnanswered",
  "declined",
  "revoked",
  "ended",
  "removed",
  "accepted",
  "invitationDeclined",
  "opened",
] as const;
export type ShareNoticeKind = (typeof SHARE_NOTICE_KINDS)[number];

export type ShareNoticeData = {
  kind: ShareNoticeKind;
  /** The other side: the owner's name in mails to a nominee, the nominee's in mails to the owner. */
  name: string;
  /** Shared with me (to a nominee) or the nominee's page (to the owner). */
  url: string;
  /** When a pending request releases by itself (requestSent); null or absent otherwise. */
  releaseAt?: number | null;
  /** The reader's unsubscribe link (a notice is mail they may opt out of); sent with its headers. */
  unsubscribeUrl?: string;
};

/** Every other step of the lifecycle, told to the side it concerns. */
export const shareNotice: MailTemplate<ShareNoticeData> = (data, lng) => {
  const strings = mailStrings(lng).shareNotice;
  const s = strings[data.kind];
  const name = data.name;
  const dated =
    data.releaseAt === undefined || data.releaseAt === null
      ? []
      : [fill(strings.releaseOn, { date: formatTime(lng, data.releaseAt, DEFAULT_TIME_ZONE) })];
  return composeMail(lng, {
    subject: fill(s.subject, { name }),
    heading: fill(s.heading, { name }),
    body: [fill(s.body, { name }), ...dated],
    action: { label: s.action, url: data.url },
    ...(data.unsubscribeUrl === undefined ? {} : { unsubscribeUrl: data.unsubscribeUrl }),
  });
};
