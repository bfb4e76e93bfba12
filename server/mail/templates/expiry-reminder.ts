import type { Language } from "../../../domain/catalog/languages.ts";
import en from "../../../public/locales/en/sections.json" with { type: "json" };
import fr from "../../../public/locales/fr/sections.json" with { type: "json" };
import { composeMail, type MailTemplate } from "../render.ts";
import { fill, mailStrings, pluralForm } from "../strings.ts";

const CATEGORY_LABELS: Record<Language, Record<string, string>> = { en: en.category, fr: fr.category };

export type ExpiryReminderData = {
  /** Record category key ("passport"); named in the reader's language. */
  category: string;
  /** The holder or the record's name; null when it has none. */
  title: string | null;
  /** Calendar days left (negative once passed). */
  daysLeft: number;
  /** The record's view page. */
  recordUrl: string;
  unsubscribeUrl: string;
};

/** "Passports · Sam: expires in 42 days", with a button to the record. A notification mail. */
export const expiryReminder: MailTemplate<ExpiryReminderData> = (data, lng) => {
  const s = mailStrings(lng).expiryReminder;
  const category = CATEGORY_LABELS[lng][data.category] ?? data.category;
  const item = data.title === null ? category : fill(s.item, { category, title: data.title });
  const count = Math.abs(data.daysLeft);
  const form = pluralForm(lng, count);
  const when =
    data.daysLeft === 0
      ? s.today
      : data.daysLeft > 0
        ? fill(s[`inDays_${form}`], { count })
        : fill(s[`daysAgo_${form}`], { count });
  const sentence = fill(s.sentence, { item, when });
  return composeMail(lng, {
    subject: sentence,
    heading: s.heading,
    body: [sentence, s.intro],
    action: { label: s.action, url: data.recordUrl },
    unsubscribeUrl: data.unsubscribeUrl,
  });
};
