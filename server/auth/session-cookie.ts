import { createHmac, timingSafeEqual } from "node:crypto";

/** better-auth's session cookie name; browsers only keep the __Secure- form over https. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}better-auth.session_token`;
}

/** The raw value of one cookie in a Cookie header, without allocating the others. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name)
      return header.slice(eq + 1, end).trim();
    start = end + 1;
  }
  return undefined;
}

const SIGNATURE_LENGTH = 44; // base64 of a 32-byte HMAC-SHA256

/**
 * The session token of a signed cookie value, or null when the signature is not ours. better-auth
 * (through better-call) stores `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`.
 * Checked here, in constant time, before any lookup: a forged cookie never reaches the database.
 */
export function verifySessionCookie(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const token = value.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/** The cookie value better-auth would set for token: used to renew the cookie when a session is extended. */
export function signSessionToken(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}
