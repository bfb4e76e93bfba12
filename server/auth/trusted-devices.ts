import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { readCookie } from "./session-cookie.ts";

/** How long a browser stays known for an account after it signed in or was unlocked there. */
const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** How long a mailed unlock link works (once). */
const UNLOCK_LINK_TTL_MS = 60 * 60 * 1000;

/** The mail links to the page, which posts to authApi.unlockSignIn from a button. */
export const UNLOCK_PAGE = "/unlock-sign-in";

/**
 * Browsers an account's owner has signed in from, so that a stranger failing sign-ins with their
 * address slows only the stranger (OWASP's "device cookies"). The per-address limit is counted
 * apart for a browser holding a signed cookie for that address; a browser without one that hits
 * the limit is refused, and the owner is mailed a link whose page's button makes the browser they
 * open it in known. Cookies and links are HMAC-SHA256 with a key derived from the auth secret for this use.
 */
export function createTrustedDevices(options: { secret: string; publicUrl: string; secure: boolean }) {
  const key = Buffer.from(hkdfSync("sha256", options.secret, "kinfile", "trusted-device-v1", 32));
  const origin = options.publicUrl.replace(/\/+$/, "");

  const sign = (purpose: string, email: string, expires: number) =>
    createHmac("sha256", key).update(`${purpose}:${email}:${expires}`).digest("base64url");

  function sameText(given: string, expected: string): boolean {
    const a = Buffer.from(given, "utf8");
    const b = Buffer.from(expected, "utf8");
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** One cookie per address, so that several accounts may share a browser. */
  function cookieName(email: string): string {
    const tag = createHash("sha256").update(email).digest("hex").slice(0, 16);
    return `${options.secure ? "__Host-" : ""}kinfile_device_${tag}`;
  }

  return {
    /** Whether the request carries a valid, unexpired device cookie for this (normalised) address. */
    knows(cookieHeader: string | undefined, email: string, now: number): boolean {
      const value = readCookie(cookieHeader, cookieName(email));
      const [expiresText, signature] = value?.split(".", 2) ?? [];
      const expires = Number(expiresText);
      if (signature === undefined || !Number.isSafeInteger(expires) || expires < now) return false;
      return sameText(signature, sign("device", email, expires));
    },

    /** The Set-Cookie value that makes this browser known for the address. */
    cookie(email: string, now: number): string {
      const expires = now + TRUSTED_DEVICE_TTL_MS;
      return [
        `${cookieName(email)}=${expires}.${sign("device", email, expires)}`,
        "Path=/",
        `Max-Age=${Math.floor(TRUSTED_DEVICE_TTL_MS / 1000)}`,
        "HttpOnly",
        "SameSite=Lax",
        ...(options.secure ? ["Secure"] : []),
      ].join("; ");
    },

    /** The mailed link: the page whose button makes the browser it is opened in known for the address. */
    unlockLink(email: string, now: number): string {
      const expires = now + UNLOCK_LINK_TTL_MS;
      const query = new URLSearchParams({
        email,
        expires: String(expires),
        sig: sign("unlock", email, expires),
      });
      return `${origin}${UNLOCK_PAGE}?${query.toString()}`;
    },

    /** The link's address and expiry when its signature holds and it has not expired, else null. */
    checkUnlock(
      query: { email?: string; expires?: string; sig?: string },
      now: number,
    ): { email: string; expires: number } | null {
      const { email, sig } = query;
      const expires = Number(query.expires);
      if (email === undefined || sig === undefined || !Number.isSafeInteger(expires) || expires < now)
        return null;
      return sameText(sig, sign("unlock", email, expires)) ? { email, expires } : null;
    },
  };
}
