import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { devMailboxApi } from "../../domain/api/devMailbox.ts";
import { devMailboxTypes } from "../../domain/api/devMailbox.types.ts";
import { type Language, languageFromHeader } from "../../domain/catalog/languages.ts";
import { registerOperation } from "../http/operations.ts";
import { escapeHtml, PRODUCT_NAME } from "./render.ts";
import { listStoredMail, readStoredMail, type StoredMail } from "./stored-mail.ts";
import { formatTime, type MailStrings, mailStrings } from "./strings.ts";

/**
 * No script anywhere, and the mail's own HTML only inside a sandboxed frame: a stored mail may
 * carry data a user typed, and this page must not run it.
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PAGE_STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:2rem 1rem;max-width:64rem;color:#212529;line-height:1.5}
a{color:#1864ab}table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dee2e6;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1f3f5;padding:1rem;border-radius:4px}
iframe{width:100%;height:40rem;border:1px solid #adb5bd;border-radius:4px;background:#fff}`;

function page(lng: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lng}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${PRODUCT_NAME}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", PAGE_POLICY)
    .header("cache-control", "no-store")
    .send(html);
}

function time(lng: Language, epochMs: number): string {
  return `<time datetime="${new Date(epochMs).toISOString()}">${escapeHtml(formatTime(lng, epochMs, "UTC"))}</time>`;
}

/** Escapes text and makes its web addresses links, so a verification link can be followed from the page. */
function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0];
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function listPage(lng: Language, s: MailStrings["devMailbox"], mails: StoredMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${time(lng, mail.date)}</td><td>${escapeHtml(mail.to.join(", "))}</td><td><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject || s.noSubject)}</a></td></tr>`,
    )
    .join("\n");
  const list =
    mails.length === 0
      ? `<p>${escapeHtml(s.empty)}</p>`
      : `<table>
<caption>${escapeHtml(s.caption)}</caption>
<thead><tr><th scope="col">${escapeHtml(s.date)}</th><th scope="col">${escapeHtml(s.to)}</th><th scope="col">${escapeHtml(s.subject)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(lng, s.title, `<h1>${escapeHtml(s.title)}</h1>\n<p>${escapeHtml(s.intro)}</p>\n${list}`);
}

function messagePage(lng: Language, s: MailStrings["devMailbox"], mail: StoredMail): string {
  const subject = mail.subject || s.noSubject;
  const headers = mail.headers
    .map(({ key, value }) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  return page(
    lng,
    subject,
    `<p><a href="/dev/mailbox">${escapeHtml(s.back)}</a></p>
<h1>${escapeHtml(subject)}</h1>
<dl>
<dt>${escapeHtml(s.date)}</dt><dd>${time(lng, mail.date)}</dd>
<dt>${escapeHtml(s.from)}</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>${escapeHtml(s.to)}</dt><dd>${escapeHtml(mail.to.join(", "))}</dd>
</dl>
<h2>${escapeHtml(s.textVersion)}</h2>
<pre>${linkify(mail.text)}</pre>
<h2>${escapeHtml(s.htmlVersion)}</h2>
<iframe sandbox="" title="${escapeHtml(s.htmlFrameTitle)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
<h2>${escapeHtml(s.headers)}</h2>
<dl>
${headers}
</dl>`,
  );
}

function language(request: FastifyRequest): Language {
  return languageFromHeader(request.headers["accept-language"]);
}

/**
 * The mail kept in DATA_DIR/mail when no SMTP server is set, for developers and browser tests:
 * /dev/mailbox lists it, /dev/mailbox/:id shows one, /api/dev/mailbox?to= answers it as JSON.
 * Registered outside production only: it shows every mail to anyone who asks.
 */
export async function devMailboxRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const { dataDir } = options;

  app.get("/dev/mailbox", { config: { access: "anonymous" } }, async (request, reply) => {
    const lng = language(request);
    return sendPage(reply, listPage(lng, mailStrings(lng).devMailbox, await listStoredMail(dataDir)));
  });

  app.get<{ Params: { id: string } }>(
    "/dev/mailbox/:id",
    { config: { access: "anonymous" } },
    async (request, reply) => {
      const lng = language(request);
      const s = mailStrings(lng).devMailbox;
      const mail = await readStoredMail(dataDir, request.params.id);
      if (mail === undefined) {
        const body = `<h1>${escapeHtml(s.title)}</h1>\n<p>${escapeHtml(s.notFound)}</p>\n<p><a href="/dev/mailbox">${escapeHtml(s.back)}</a></p>`;
        return sendPage(reply, page(lng, s.title, body), 404);
      }
      return sendPage(reply, messagePage(lng, s, mail));
    },
  );

  registerOperation(app, devMailboxApi.list, devMailboxTypes.list, async (request, reply) => {
    const to = request.query.to === "" ? undefined : request.query.to;
    const mails = await listStoredMail(dataDir, to === undefined ? {} : { to });
    reply.header("cache-control", "no-store");
    return mails.map(({ id, to: recipients, subject, date, text, html }) => ({
      id,
      to: recipients.join(", "),
      subject,
      date,
      text,
      html,
    }));
  });
}
