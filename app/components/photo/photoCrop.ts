import { LIMITS } from "../../../domain/limits.ts";
import { PHOTO_MESSAGES, PHOTO_MIME_TYPES } from "../../../domain/schemas/photo.ts";

/** Why a chosen file cannot be a photo (a message key), or null when it can. */
export function photoFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.type;
  if (file.size >= LIMITS.uploadBytesMax) return PHOTO_MESSAGES.size;
  return null;
}

export type Size = { width: number; height: number };
/** Where the image's top-left corner sits in the square crop frame, in CSS pixels (0 or less). */
export type Offset = { x: number; y: number };

/** The scale at which the image just covers the frame (zoom 1). */
export function coverScale(image: Size, frame: number): number {
  return frame / Math.min(image.width, image.height);
}

/** Keeps the frame covered: the image may not be moved past any of its edges. */
export function clampOffset(offset: Offset, image: Size, frame: number, scale: number): Offset {
  const clamp = (value: number, length: number) => Math.min(0, Math.max(frame - length * scale, value));
  return { x: clamp(offset.x, image.width), y: clamp(offset.y, image.height) };
}

export function centredOffset(image: Size, frame: number, scale: number): Offset {
  return { x: (frame - image.width * scale) / 2, y: (frame - image.height * scale) / 2 };
}

/** A new scale keeping the point under the frame's centre where it is. */
export function zoomAround(offset: Offset, from: number, to: number, frame: number): Offset {
  const centre = frame / 2;
  return { x: centre - ((centre - offset.x) / from) * to, y: centre - ((centre - offset.y) / from) * to };
}

/** The square of the image (in image pixels) the frame shows, and the side of the photo made from it. */
export function cropSquare(
  offset: Offset,
  frame: number,
  scale: number,
): { x: number; y: number; side: number; output: number } {
  const side = frame / scale;
  return {
    x: -offset.x / scale,
    y: -offset.y / scale,
    side,
    output: Math.max(1, Math.min(LIMITS.photoSidePx, Math.round(side))),
  };
}

/**
 * The photo as the spec stores it: the chosen square, at most 512x512, JPEG at quality 100, as a
 * data URL. Drawn on white, so a transparent PNG does not turn black.
 */
export function renderPhoto(image: CanvasImageSource, square: ReturnType<typeof cropSquare>): string {
  const canvas = document.createElement("canvas");
  canvas.width = square.output;
  canvas.height = square.output;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas 2D is not available");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, square.output, square.output);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, square.x, square.y, square.side, square.side, 0, 0, square.output, square.output);
  return canvas.toDataURL("image/jpeg", 1);
}
