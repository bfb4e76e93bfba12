import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime, { type Address, decodeWords } from "postal-mime";
import { MAIL_FOLDER } from "./transport.ts";

/** A mail the file transport kept, as the dev mailbox shows it. */
export type StoredMail = {
  /** The file name without .eml: "<epoch ms>-<outbox id>". */
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** Epoch ms at which it was stored. */
  date: number;
  text: string;
  html: string;
  headers: { key: string; value: string }[];
};

const MAIL_ID = /^(\d{1,15})-[0-9a-f-]{36}$/;
/** A development mailbox never needs more; it keeps each page quick however long the folder grows. */
const LISTED_MAX = 200;

function addresses(list: readonly Address[] | Address | undefined): string[] {
  return [list ?? []]
    .flat()
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((mailbox) => mailbox.address);
}

function format(address: Address | undefined): string {
  if (address === undefined || address.group) return "";
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

/** One message as sent (RFC 5322 bytes), as the dev mailbox shows it; also read from a test's SMTP server. */
export async function parseMail(raw: Buffer, id: string, date: number): Promise<StoredMail> {
  const email = await PostalMime.parse(raw);
  return {
    id,
    from: format(email.from),
    to: addresses(email.to),
    subject: email.subject ?? "",
    date,
    text: email.text ?? "",
    html: email.html ?? "",
    // Non-ASCII header values are stored as encoded words (=?UTF-8?Q?...?=); show them as written.
    headers: email.headers.map(({ originalKey, value }) => ({
      key: originalKey,
      value: decodeWords(value),
    })),
  };
}

async function parse(dataDir: string, id: string): Promise<StoredMail> {
  const raw = await readFile(path.join(dataDir, MAIL_FOLDER, `${id}.eml`));
  return parseMail(raw, id, Number(MAIL_ID.exec(id)?.[1]));
}

/** The newest stored mails first, optionally only those sent to one address (compared case-insensitively). */
export async function listStoredMail(dataDir: string, filter: { to?: string } = {}): Promise<StoredMail[]> {
  const names = await readdir(path.join(dataDir, MAIL_FOLDER)).catch(() => []);
  const ids = names
    .filter((name) => name.endsWith(".eml"))
    .map((name) => name.slice(0, -".eml".length))
    .filter((id) => MAIL_ID.test(id))
    .sort((a, b) => Number(MAIL_ID.exec(b)?.[1]) - Number(MAIL_ID.exec(a)?.[1]) || b.localeCompare(a))
    .slice(0, LISTED_MAX);
  const mails = await Promise.all(ids.map((id) => parse(dataDir, id)));
  const to = filter.to?.toLowerCase();
  return to === undefined
    ? mails
    : mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to));
}

/** One stored mail, or undefined when the id names none (ids that are not mail ids included). */
export async function readStoredMail(dataDir: string, id: string): Promise<StoredMail | undefined> {
  if (!MAIL_ID.test(id)) return undefined;
  return parse(dataDir, id).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
}
