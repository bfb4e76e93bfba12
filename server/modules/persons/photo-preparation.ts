import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { LIMITS } from "../../../domain/limits.ts";
import { PHOTO_MESSAGES } from "../../../domain/schemas/photo.ts";
import { type RgbaImage, resizeToFit } from "./image-resize.ts";
import {
  bytesOfImageSrc,
  checkedImageHeader,
  MAX_MEGAPIXELS,
  PhotoError,
  type PreparedPhoto,
} from "./photo.ts";

/**
 * A photo decoded, resized and re-encoded (photo.ts says why). Only the photo worker runs this
 * (photo-worker.ts, a bundle of its own), so the image codecs stay out of the server's memory.
 */

const THUMBNAIL_SIDE_PX = 162;
/** The spec's quality, which the photo's bounded side keeps to a modest file. */
const PHOTO_QUALITY = 100;
const THUMBNAIL_QUALITY = 85;

function decode(bytes: Buffer): RgbaImage {
  const { isJpeg } = checkedImageHeader(bytes);
  try {
    if (isJpeg) {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        // A truncated or corrupt file is refused, not stored half grey.
        tolerantDecoding: false,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: 1024,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
    const image = PNG.sync.read(bytes);
    return { width: image.width, height: image.height, data: image.data };
  } catch {
    throw new PhotoError(PHOTO_MESSAGES.type);
  }
}

function encode(image: RgbaImage, quality: number): Buffer {
  return jpeg.encode({ width: image.width, height: image.height, data: image.data }, quality).data;
}

/** Checks, decodes, resizes and re-encodes an imageSrc; throws PhotoError with the spec's messages. */
export function preparePhoto(src: string): PreparedPhoto {
  const photo = resizeToFit(decode(bytesOfImageSrc(src)), LIMITS.photoSidePx);
  const thumbnail = resizeToFit(photo, THUMBNAIL_SIDE_PX);
  return { jpeg: encode(photo, PHOTO_QUALITY), thumbnail: encode(thumbnail, THUMBNAIL_QUALITY) };
}
