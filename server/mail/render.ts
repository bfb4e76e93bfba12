import type { Language } from "../../domain/catalog/languages.ts";
import { fill, mailStrings } from "./strings.ts";

export const PRODUCT_NAME = "Kinfile";

/** What every template produces: one subject, and the same content as plain text and as HTML. */
export type RenderedMail = { subject: string; text: string; html: string };

/** A template: typed data and a language in, a rendered mail out. */
export type MailTemplate<Data> = (data: Data, lng: Language) => RenderedMail;

/** A paragraph, or labelled facts such as the time and device of a sign-in. */
export type MailBlock = string | { details: readonly { label: string; value: string }[] };

/** The parts of a mail the shared layout arranges. Every string is plain text; the layout escapes it. */
export type MailContent = {
  subject: string;
  heading: string;
  body: readonly MailBlock[];
  /** The one thing to do, shown as a button with its address also written out. */
  action?: { label: string; url: string };
  /** Shown after the action: how long a link lasts, what to do if the mail was unexpected. */
  notes?: readonly string[];
  unsubscribeUrl?: string;
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Only web addresses reach a mail: a javascript: or data: link in an action would be an attack. */
function webUrl(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`a mail link must be an http(s) address, got ${url.protocol}`);
  }
  return url.href;
}

/** A subject is one header line: line breaks from data must not start new headers. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function renderText(content: MailContent, lng: Language): string {
  const { layout } = mailStrings(lng);
  const blocks = [PRODUCT_NAME, content.heading];
  for (const block of content.body) {
    blocks.push(
      typeof block === "string"
        ? block
        : block.details.map((detail) => fill(layout.detail, detail)).join("\n"),
    );
  }
  if (content.action)
    blocks.push(fill(layout.detail, { label: content.action.label, value: content.action.url }));
  blocks.push(...(content.notes ?? []));
  const footer = [`-- \n${layout.footer}`];
  if (content.unsubscribeUrl) {
    footer.push(fill(layout.detail, { label: layout.unsubscribe, value: content.unsubscribeUrl }));
  }
  blocks.push(footer.join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

const COLORS = { text: "#212529", muted: "#495057", link: "#1864ab", page: "#f1f3f5", card: "#ffffff" };
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/**
 * Mail clients show a message inside their own page, which has its own main landmark: the mail is
 * one article (named by its subject, announced as an email), its language stated again on it
 * because clients drop the html element.
 */
function renderHtml(content: MailContent, lng: Language): string {
  const { layout } = mailStrings(lng);
  const paragraph = (text: string, style = "") =>
    `<p style="margin:0 0 16px;line-height:1.5;${style}">${escapeHtml(text)}</p>`;
  const parts = content.body.map((block) => {
    if (typeof block === "string") return paragraph(block);
    const rows = block.details
      .map(
        ({ label, value }) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  });
  if (content.action) {
    const href = escapeHtml(content.action.url);
    parts.push(
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${COLORS.link};color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:${COLORS.muted}">${escapeHtml(layout.linkFallback)}<br><a href="${href}" style="color:${COLORS.link};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`,
    );
  }
  parts.push(...(content.notes ?? []).map((text) => paragraph(text, `font-size:14px;color:${COLORS.muted}`)));
  const unsubscribe = content.unsubscribeUrl
    ? `<br><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${COLORS.link}">${escapeHtml(layout.unsubscribe)}</a>`
    : "";
  return `<!doctype html>
<html lang="${lng}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:${COLORS.page};color:${COLORS.text};${FONT}">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(content.subject)}" lang="${lng}" style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:${COLORS.link}">${PRODUCT_NAME}</p>
<div style="background:${COLORS.card};border-radius:8px;padding:32px 24px">
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${parts.join("\n")}
</div>
<footer style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(layout.footer)}${unsubscribe}</footer>
</div>
</body>
</html>
`;
}

/** Lays content out in the one shared layout, as text and as accessible HTML. */
export function composeMail(lng: Language, content: MailContent): RenderedMail {
  const checked: MailContent = {
    ...content,
    subject: oneLine(content.subject),
    ...(content.action ? { action: { ...content.action, url: webUrl(content.action.url) } } : {}),
    ...(content.unsubscribeUrl ? { unsubscribeUrl: webUrl(content.unsubscribeUrl) } : {}),
  };
  return { subject: checked.subject, text: renderText(checked, lng), html: renderHtml(checked, lng) };
}
