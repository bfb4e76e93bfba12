import { LIMITS } from "../../../domain/limits.ts";
import { PHOTO_MESSAGES } from "../../../domain/schemas/photo.ts";

/**
 * A person's photo, as the spec wants it: JPEG or PNG only (by content, not by name or declared
 * type), under 5 MB, decoded and re-encoded here as a JPEG of at most 512x512, so a file that only
 * claims to be an image never gets stored. A small thumbnail is made at the same time for the
 * cards' 81 px avatars (162 px for sharp screens), so lists stay light. The decoding and encoding
 * (jpeg-js, pngjs) are photo-preparation.ts's, run by the photo worker only: this file is what the
 * server itself needs (checks, sizes, data URLs).
 */

/** Images claiming more pixels than this are refused before decoding (memory and time). */
export const MAX_MEGAPIXELS = 40;

export type PreparedPhoto = { jpeg: Buffer; thumbnail: Buffer };

/** Why a photo is refused: a message key of errors.json, shown on mainDetails.imageSrc. */
export class PhotoError extends Error {
  override name = "PhotoError";
  readonly messageKey: string;
  readonly params: Record<string, unknown>;
  constructor(messageKey: string, params: Record<string, unknown> = {}) {
    super(messageKey);
    this.messageKey = messageKey;
    this.params = params;
  }
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** The bytes of a data URL ("data:image/png;base64,...") or of bare base64. */
export function bytesOfImageSrc(src: string): Buffer {
  const comma = src.startsWith("data:") ? src.indexOf(",") : -1;
  if (src.startsWith("data:") && (comma < 0 || !src.slice(0, comma).endsWith(";base64"))) {
    throw new PhotoError(PHOTO_MESSAGES.type);
  }
  const base64 = src.slice(comma + 1).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64) || base64.length === 0) {
    throw new PhotoError(PHOTO_MESSAGES.type);
  }
  // The decoded size is known before decoding: refuse without allocating it.
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding >= LIMITS.uploadBytesMax) {
    throw new PhotoError(PHOTO_MESSAGES.size);
  }
  return Buffer.from(base64, "base64");
}

/** Width and height from a JPEG's frame header (SOFn), without decoding. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}

/** Width and height from a PNG's IHDR chunk, without decoding. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Whether an image's bytes are a JPEG (else a PNG), from its magic bytes and header size, before
 * anything is decoded: neither, no size, or more than MAX_MEGAPIXELS is a PhotoError.
 */
export function checkedImageHeader(bytes: Buffer): { isJpeg: boolean } {
  const isJpeg = startsWith(bytes, JPEG_MAGIC);
  if (!isJpeg && !startsWith(bytes, PNG_MAGIC)) throw new PhotoError(PHOTO_MESSAGES.type);
  const size = isJpeg ? jpegSize(bytes) : pngSize(bytes);
  if (size === undefined || size.width === 0 || size.height === 0) throw new PhotoError(PHOTO_MESSAGES.type);
  if (size.width * size.height > MAX_MEGAPIXELS * 1_000_000) {
    throw new PhotoError(PHOTO_MESSAGES.dimensions, { megapixels: MAX_MEGAPIXELS });
  }
  return { isJpeg };
}

/**
 * Whether an imageSrc is a JPEG no larger than a stored photo (512 px a side): what an export
 * carries, which an import that has checked it decodes keeps byte for byte rather than re-encode.
 */
export function isStoredSizeJpeg(src: string): boolean {
  const bytes = bytesOfImageSrc(src);
  if (!startsWith(bytes, JPEG_MAGIC)) return false;
  const size = jpegSize(bytes);
  return size !== undefined && size.width <= LIMITS.photoSidePx && size.height <= LIMITS.photoSidePx;
}

export function jpegDataUrl(bytes: Uint8Array): string {
  return `data:image/jpeg;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}
