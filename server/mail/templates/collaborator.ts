import type { Language } from "../../../domain/catalog/languages.ts";
import type { CollaboratorRights } from "../../../domain/schemas/collaborator.ts";
import en from "../../../public/locales/en/sections.json" with { type: "json" };
import fr from "../../../public/locales/fr/sections.json" with { type: "json" };
import { composeMail, type MailTemplate } from "../render.ts";
import { fill, mailStrings } from "../strings.ts";

/** Module and category labels of the reader's language, for naming the scope. */
const SECTION_LABELS: Record<Language, Record<string, string>> = {
  en: { ...en.category, ...en.module },
  fr: { ...fr.category, ...fr.module },
};

export type CollaboratorInvitationData = {
  ownerName: string;
  ownerEmail: string;
  firstName: string;
  /** Module and category keys of the scope, named in the reader's language. */
  scope: readonly string[];
  secrets: boolean;
  rights: CollaboratorRights;
  /** Where the invitation is accepted, once signed in with the invited address. */
  url: string;
  /** Sign-up with the invited address filled in, back to the invitation. */
  registerUrl: string;
};

/** To a collaborator: whose file, what part, with which rights, and how to accept. */
export const collaboratorInvitation: MailTemplate<CollaboratorInvitationData> = (data, lng) => {
  const s = mailStrings(lng).collaboratorInvitation;
  const owner = data.ownerName;
  const labels = SECTION_LABELS[lng];
  return composeMail(lng, {
    subject: fill(s.subject, { owner }),
    heading: fill(s.heading, { firstName: data.firstName }),
    body: [
      fill(s.intro, { owner, email: data.ownerEmail }),
      {
        details: [
          { label: s.scope, value: data.scope.map((key) => labels[key] ?? key).join(", ") },
          { label: s.rights, value: data.rights === "edit" ? s.rightsEdit : s.rightsView },
          { label: s.secrets, value: data.secrets ? s.secretsYes : s.secretsNo },
        ],
      },
    ],
    action: { label: s.action, url: data.url },
    notes: [fill(s.account, { url: data.registerUrl })],
  });
};
