import { createHmac, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import type { Kysely } from "kysely";
import type { SignInEventKind, SignInEventPage } from "../../domain/schemas/account.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { IdentityMails, MailRecipient } from "./auth-mail.ts";

/** A sign-in from a device and network seen within this window is not news to the account holder. */
const KNOWN_DEVICE_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** Enough history to recognise a device; older or further entries are not compared. */
const KNOWN_DEVICE_SCAN = 500;
const USER_AGENT_MAX = 512;

export type SignInEvent = {
  kind: SignInEventKind;
  userId: string | null;
  email?: string | null;
  ip: string | null;
  userAgent: string | null;
};

/**
 * The network part of an address that stays put while a home or mobile connection changes its
 * last octets: /16 for IPv4, /48 for IPv6.
 */
function networkOf(ip: string | null): string | null {
  if (ip === null) return null;
  const address = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.split(".").slice(0, 2).join(".");
  if (isIP(address) === 6) {
    const [head = "", tail = ""] = address.toLowerCase().split("::");
    const headParts = head === "" ? [] : head.split(":");
    const tailParts = tail === "" ? [] : tail.split(":");
    const full = [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts];
    return full
      .slice(0, 3)
      .map((part) => part.replace(/^0+(?=.)/, ""))
      .join(":");
  }
  return address;
}

/** "Firefox on Windows": what a person recognises of their own device, from the user agent. */
function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} / ${system}`;
  return browser ?? system ?? userAgent.slice(0, 80);
}

export type SignInEvents = ReturnType<typeof createSignInEvents>;

/**
 * The account's security log, and the "new sign-in" notice. Emails are kept only as an HMAC under
 * the auth secret: failed attempts on one address group together, and a copy of the table does not
 * list the addresses tried.
 */
export function createSignInEvents(options: {
  database: Database;
  secret: string;
  mails: IdentityMails;
  clock?: () => number;
}) {
  const { database, secret, mails } = options;
  const clock = options.clock ?? Date.now;

  const emailHash = (email: string) =>
    createHmac("sha256", secret).update(email.trim().toLowerCase()).digest("hex");

  async function record(event: SignInEvent, db: Kysely<DB> = database.db): Promise<void> {
    await db
      .insertInto("sign_in_event")
      .values({
        id: randomUUID(),
        user_id: event.userId,
        email_hash: event.email ? emailHash(event.email) : null,
        kind: event.kind,
        ip: event.ip,
        user_agent: event.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        created_at: clock(),
      })
      .execute();
  }

  /**
   * Records a completed sign-in and, when neither this browser nor this network signed in to the
   * account within 90 days, mails the holder. The very first sign-in (just after registration) has
   * no history to compare with and sends nothing.
   */
  async function signedIn(user: MailRecipient & { id: string }, ip: string | null, userAgent: string | null) {
    const now = clock();
    const previous = await database.db
      .selectFrom("sign_in_event")
      .select(["ip", "user_agent", "created_at"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "sign_in")
      .orderBy("created_at", "desc")
      .limit(KNOWN_DEVICE_SCAN)
      .execute();
    const agent = userAgent?.slice(0, USER_AGENT_MAX) ?? null;
    const network = networkOf(ip);
    const known = previous.some(
      (event) =>
        event.created_at >= now - KNOWN_DEVICE_WINDOW_MS &&
        event.user_agent === agent &&
        networkOf(event.ip) === network,
    );
    await record({ kind: "sign_in", userId: user.id, ip, userAgent });
    if (previous.length > 0 && !known) {
      await mails.newSignIn(user, { time: now, device: describeDevice(userAgent), ip });
    }
  }

  async function list(userId: string, page: { page: number; size: number }): Promise<SignInEventPage> {
    const [items, total] = await Promise.all([
      database.db
        .selectFrom("sign_in_event")
        .select(["id", "kind", "ip", "user_agent", "created_at"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(page.size)
        .offset(page.page * page.size)
        .execute(),
      database.db
        .selectFrom("sign_in_event")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: items.map((item) => ({
        id: item.id,
        kind: item.kind,
        ip: item.ip,
        device: describeDevice(item.user_agent),
        userAgent: item.user_agent,
        createdAt: item.created_at,
      })),
      page: page.page,
      size: page.size,
      total: Number(total.count),
    };
  }

  return { record, signedIn, list };
}
