import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { unsubscribeApi } from "../../../domain/api/unsubscribe.ts";
import { listUnsubscribeHeaders as oneClickHeaders } from "../../mail/outbox.ts";

/** Where a link's signature may be checked: the web page and the RFC 8058 one-click endpoint. */
const UNSUBSCRIBE_PAGE = "/unsubscribe";
export const UNSUBSCRIBE_ENDPOINT = unsubscribeApi.oneClick.path;

/** Bound into the MAC, so a signature made for another purpose with the same key never fits. */
const PURPOSE = "unsubscribe:";

/**
 * Signed unsubscribe links. The signature is base64url HMAC-SHA256 over "unsubscribe:" + account id,
 * keyed by a key derived (HKDF-SHA256) from the auth secret for this one use: the secret itself
 * never signs a link, and rotating AUTH_SECRET voids every link already sent. Links do not expire:
 * a notification read months later must still let its reader opt out.
 */
export function createUnsubscribeLinks(options: { publicUrl: string; secret: string }) {
  const key = Buffer.from(hkdfSync("sha256", options.secret, "kinfile", "unsubscribe-link-v1", 32));
  const origin = options.publicUrl.replace(/\/+$/, "");

  function signature(accountId: string): string {
    return createHmac("sha256", key).update(`${PURPOSE}${accountId}`).digest("base64url");
  }

  function query(accountId: string): string {
    return new URLSearchParams({ accountId, sig: signature(accountId) }).toString();
  }

  function oneClickUrl(accountId: string): string {
    return `${origin}${UNSUBSCRIBE_ENDPOINT}?${query(accountId)}`;
  }

  return {
    /** The link a mail's footer shows: the /unsubscribe page, which asks before it acts. */
    unsubscribeLink(accountId: string): string {
      return `${origin}${UNSUBSCRIBE_PAGE}?${query(accountId)}`;
    },

    /** The endpoint mail clients POST to for one-click unsubscribe (RFC 8058). */
    oneClickUrl,

    /** List-Unsubscribe and List-Unsubscribe-Post for enqueueMail's headers. */
    listUnsubscribeHeaders(accountId: string): Record<string, string> {
      return oneClickHeaders(oneClickUrl(accountId));
    },

    /** Whether sig is this server's signature for accountId, compared in constant time. */
    isValid(accountId: unknown, sig: unknown): accountId is string {
      if (typeof accountId !== "string" || typeof sig !== "string" || accountId === "") return false;
      // Compared as text, so another spelling of the same bytes is refused too.
      const given = Buffer.from(sig, "utf8");
      const expected = Buffer.from(signature(accountId), "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
