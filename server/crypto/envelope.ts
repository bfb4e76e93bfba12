import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from "node:crypto";

/**
 * AES-256-GCM with a random 96-bit IV, in one self-describing byte string:
 *   [format version: 1 byte][IV: 12 bytes][ciphertext][tag: 16 bytes]
 * The associated data is bound to the ciphertext (and the format version to both): a ciphertext
 * opened with other associated data, or with any bit changed, is refused.
 */
const ENVELOPE_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A ciphertext that cannot be opened: tampered, truncated, another owner's or field's, or another key's. */
export class DecryptionError extends Error {
  override name = "DecryptionError";
}

/**
 * Associated data as an unambiguous byte string: the parts are JSON-encoded as one array, so
 * ["a/b", "c"] and ["a", "b/c"] never collide.
 */
function associatedData(parts: readonly (string | number)[]): Buffer {
  return Buffer.from(JSON.stringify([ENVELOPE_VERSION, ...parts]), "utf8");
}

/**
 * A key as raw bytes or, better on hot paths, as a KeyObject: a cipher made from raw bytes copies
 * and validates them each time, which costs several times the AES work on a record-sized body.
 */
export type EnvelopeKey = Uint8Array | KeyObject;

function keyBytes(key: EnvelopeKey): number {
  return key instanceof Uint8Array ? key.length : (key.symmetricKeySize ?? 0);
}

export function seal(key: EnvelopeKey, plaintext: Uint8Array, aad: readonly (string | number)[]): Buffer {
  if (keyBytes(key) !== KEY_BYTES) throw new Error("seal: the key must be 32 bytes");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(ENVELOPE_VERSION), iv, body, cipher.getAuthTag()]);
}

export function open(key: EnvelopeKey, sealed: Uint8Array, aad: readonly (string | number)[]): Buffer {
  if (keyBytes(key) !== KEY_BYTES) throw new Error("open: the key must be 32 bytes");
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== ENVELOPE_VERSION) {
    throw new DecryptionError("not a Kinfile ciphertext of a known version");
  }
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const body = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(aad));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new DecryptionError("the ciphertext does not match its key and associated data");
  }
}
