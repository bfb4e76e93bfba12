import { describe, expect, it } from "vitest";
import type { Language } from "../../../domain/catalog/languages.ts";
import en from "../../../public/locales/en/mail.json" with { type: "json" };
import fr from "../../../public/locales/fr/mail.json" with { type: "json" };
import { formatDuration } from "../strings.ts";
import { type MailData, type MailTemplateName, mailTemplates } from "./index.ts";

const SCRIPT = "<script>alert(1)</script>";
const LINK = "https://kinfile.example/link?token=abc&lang=x";

const BILLING_SAMPLE = {
  plan: `Family ${SCRIPT}`,
  amount: "CA$99.00",
  date: "1 January 2027",
  subscriptionUrl: LINK,
};

/** The billing mails' strings, by template. */
const BILLING_NAMES = {
  subscriptionStarted: "started",
  paymentFailed: "paymentFailed",
  renewalReminder: "renewalReminder",
  cancellationConfirmed: "cancelled",
} as const;

/** Sample data for each template, with hostile text wherever data reaches the mail. */
const SAMPLES: { [Name in MailTemplateName]: MailData<Name> } = {
  verifyEmail: { url: LINK, expiresInMinutes: 60 },
  resetPassword: { url: LINK, expiresInMinutes: 30 },
  newSignIn: {
    time: Date.UTC(2026, 0, 2, 9, 30),
    device: `Firefox ${SCRIPT}`,
    ip: "203.0.113.5",
    resetUrl: LINK,
  },
  changeEmail: { url: LINK, newEmail: `new${SCRIPT}@example.com`, expiresInMinutes: 1_440 },
  notification: {
    subject: "A reminder",
    heading: `Heading ${SCRIPT}`,
    paragraphs: [`First ${SCRIPT}`, "Second"],
    action: { label: "Open Kinfile", url: LINK },
  },
  expiryReminder: {
    category: "passport",
    title: `Sam ${SCRIPT}`,
    daysLeft: 42,
    recordUrl: LINK,
    unsubscribeUrl: LINK,
  },
  shareInvitation: {
    ownerName: `Sam ${SCRIPT}`,
    ownerEmail: "sam@example.com",
    shared: ["inventory", "passport"],
    release: "five_days",
    expiresAt: Date.UTC(2026, 0, 12, 9, 30),
    url: LINK,
    registerUrl: LINK,
  },
  collaboratorInvitation: {
    ownerName: `Sam ${SCRIPT}`,
    ownerEmail: "sam@example.com",
    firstName: `Alex ${SCRIPT}`,
    scope: ["household", "passport"],
    secrets: false,
    rights: "edit",
    url: LINK,
    registerUrl: LINK,
  },
  shareRequest: {
    nomineeName: `Alex ${SCRIPT}`,
    nomineeEmail: "alex@example.com",
    releaseAt: Date.UTC(2026, 0, 7, 9, 30),
    approveUrl: LINK,
    declineUrl: `${LINK}&approve=false`,
    reminder: false,
  },
  shareNotice: { kind: "released", name: `Sam ${SCRIPT}`, url: LINK },
  subscriptionStarted: BILLING_SAMPLE,
  paymentFailed: BILLING_SAMPLE,
  renewalReminder: BILLING_SAMPLE,
  cancellationConfirmed: BILLING_SAMPLE,
  companyInvitation: {
    company: `Acme ${SCRIPT}`,
    firstName: "Robin",
    code: "ABCDE-FGHIJ-KLMNO-PQRST",
    activateUrl: LINK,
    registerUrl: LINK,
    reminder: false,
  },
};

/** The reminder's subject is its sentence. */
const EXPIRY_SUBJECTS: Record<Language, string> = {
  en: `Passports · Sam ${SCRIPT}: expires in 42 days`,
  fr: `Passeports · Sam ${SCRIPT} : expire dans 42 jours`,
};

const STRINGS = { en, fr };

/** The sharing mails name the other side in their subjects. */
const SHARING_SUBJECTS: Record<
  Language,
  Record<"shareInvitation" | "shareRequest" | "shareNotice", string>
> = {
  en: {
    shareInvitation: `Sam ${SCRIPT} named you a trusted person on Kinfile`,
    shareRequest: `Alex ${SCRIPT} asks for access to your Kinfile`,
    shareNotice: `You can now read what Sam ${SCRIPT} shares with you`,
  },
  fr: {
    shareInvitation: `Sam ${SCRIPT} vous a désigné comme personne de confiance sur Kinfile`,
    shareRequest: `Alex ${SCRIPT} demande l'accès à votre Kinfile`,
    shareNotice: `Vous pouvez maintenant consulter ce que Sam ${SCRIPT} vous partage`,
  },
};

function subjectOf(name: MailTemplateName, lng: Language): string {
  if (name === "notification") return SAMPLES.notification.subject;
  if (name === "expiryReminder") return EXPIRY_SUBJECTS[lng];
  if (name === "shareInvitation" || name === "shareRequest" || name === "shareNotice")
    return SHARING_SUBJECTS[lng][name];
  if (name === "collaboratorInvitation") {
    return STRINGS[lng].collaboratorInvitation.subject.replace("{{owner}}", `Sam ${SCRIPT}`);
  }
  if (name === "companyInvitation") {
    return STRINGS[lng].companyInvitation.subject.replace("{{company}}", `Acme ${SCRIPT}`);
  }
  if (name in BILLING_NAMES) {
    const strings = STRINGS[lng].billing[BILLING_NAMES[name as keyof typeof BILLING_NAMES]];
    return strings.subject
      .replace("{{plan}}", SAMPLES.subscriptionStarted.plan)
      .replace("{{date}}", SAMPLES.subscriptionStarted.date);
  }
  return STRINGS[lng][name as "verifyEmail"].subject;
}

function keysOf(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === "object" && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe.each(Object.keys(mailTemplates) as MailTemplateName[])("the %s mail", (name) => {
  const render = (lng: Language) => mailTemplates[name](SAMPLES[name] as never, lng);

  it.each(["en", "fr"] as const)(
    "in %s has the translated subject, the link in both parts and escaped data",
    (lng) => {
      const mail = render(lng);
      expect(mail.subject).toBe(subjectOf(name, lng));
      expect(mail.text).toContain(LINK);
      expect(mail.text.startsWith("Kinfile\n")).toBe(true);
      expect(mail.html).toContain(`<html lang="${lng}"`);
      expect(mail.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(mail.html).toContain(">Kinfile</p>");
      expect(mail.html).toContain('href="https://kinfile.example/link?token=abc&amp;lang=x"');
      expect(mail.html).not.toContain("<script");
      if (JSON.stringify(SAMPLES[name]).includes("<script")) {
        expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(mail.text).toContain(SCRIPT);
      }
    },
  );

  it("reads differently in English and French", () => {
    expect(render("fr").text).not.toBe(render("en").text);
  });
});

describe("mail texts", () => {
  it("have the same keys in English and French", () => {
    expect(keysOf(fr)).toEqual(keysOf(en));
  });

  it("say how long a link lasts in the reader's language", () => {
    expect(mailTemplates.resetPassword({ url: LINK, expiresInMinutes: 60 }, "en").text).toContain(
      "This link expires in 1 hour and works only once.",
    );
    expect(mailTemplates.resetPassword({ url: LINK, expiresInMinutes: 60 }, "fr").text).toContain(
      "Ce lien expire dans 1 heure et ne fonctionne qu'une seule fois.",
    );
    expect(formatDuration("en", 30)).toBe("30 minutes");
    expect(formatDuration("en", 1)).toBe("1 minute");
    expect(formatDuration("fr", 2_880)).toBe("2 jours");
    expect(formatDuration("en", 90)).toBe("90 minutes");
  });

  it("tell a new sign-in's time in the reader's time zone, and its device and address", () => {
    const mail = mailTemplates.newSignIn(
      {
        time: Date.UTC(2026, 0, 2, 9, 30),
        timeZone: "America/Toronto",
        device: null,
        ip: "203.0.113.5",
        resetUrl: LINK,
      },
      "en",
    );
    // Zone names come from the runtime's ICU data (GMT-5 or EST): the local hour is what matters.
    expect(mail.text).toMatch(/Time: 2 January 2026 at 04:30 \S+/);
    expect(mail.text).toContain("Device: Unknown");
    expect(mail.text).toContain("IP address: 203.0.113.5");
    expect(mail.text).toContain("If this wasn't you, reset your password now");
    expect(mail.html).toContain('<th scope="row"');
  });

  it("carry an unsubscribe link in the footer of both parts when given one", () => {
    const mail = mailTemplates.notification(
      {
        subject: "S",
        heading: "H",
        paragraphs: ["P"],
        unsubscribeUrl: "https://kinfile.example/unsubscribe/t1",
      },
      "fr",
    );
    expect(mail.text).toContain("Se désabonner de ces courriels : https://kinfile.example/unsubscribe/t1");
    expect(mail.html).toMatch(/<footer[^>]*>.*<a href="https:\/\/kinfile\.example\/unsubscribe\/t1"/s);
    expect(
      mailTemplates.notification({ subject: "S", heading: "H", paragraphs: [] }, "en").html,
    ).not.toContain("Unsubscribe");
  });

  it("refuse links that are not web addresses, and keep the subject on one line", () => {
    const hostile = { subject: "S", heading: "H", paragraphs: [] };
    expect(() =>
      mailTemplates.notification({ ...hostile, action: { label: "Go", url: "javascript:alert(1)" } }, "en"),
    ).toThrow("http(s)");
    const mail = mailTemplates.notification(
      { ...hostile, subject: "Hello\r\nBcc: victim@example.com" },
      "en",
    );
    expect(mail.subject).toBe("Hello Bcc: victim@example.com");
  });
});
