import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (no padding needed, case-insensitive), as authenticator apps read otpauth secrets. */
export function decodeBase32(text: string): Buffer {
  let bits = "";
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The RFC 6238 code (HMAC-SHA1, 30 s steps) an authenticator app shows for a base32 secret at a time. */
export function totp(secret: string, options: { at?: number; digits?: number } = {}): string {
  const digits = options.digits ?? 6;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor((options.at ?? Date.now()) / 30_000)));
  const mac = createHmac("sha1", decodeBase32(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, "0");
}

/** The secret of an otpauth:// URI (what the QR code carries). */
export function totpSecretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (secret === null) throw new Error("otpauth URI without a secret");
  return secret;
}
