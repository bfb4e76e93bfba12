import { createHmac, randomBytes } from "node:crypto";
import { KEY_BYTES } from "./envelope.ts";

/**
 * A master key as written in KINFILE_MASTER_KEY or DATA_DIR/master-key: 32 random bytes in base64
 * (standard or URL-safe, padding optional). Anything else is refused rather than stretched: a short
 * or mistyped key would silently weaken every data key under it.
 */
export function parseMasterKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

export function isMasterKeyText(text: string): boolean {
  return parseMasterKey(text) !== undefined;
}

export function generateMasterKeyText(): string {
  return randomBytes(KEY_BYTES).toString("base64");
}

/**
 * A master key's public name, stored beside each data key it wraps (account_key.key_version): a
 * keyed hash, so it tells keys apart without revealing anything about them, and needs no
 * numbering shared between servers.
 */
export function masterKeyId(key: Uint8Array): string {
  return createHmac("sha256", key).update("kinfile master key id").digest("hex").slice(0, 16);
}
