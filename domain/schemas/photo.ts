/** The spec's photo messages, for the form's own checks and the server's (no imports: workers load it). */
export const PHOTO_MESSAGES = {
  type: "errors:network.photo_type",
  size: "errors:network.photo_size",
  dimensions: "errors:network.photo_dimensions",
} as const;

/** Photos are JPEG or PNG only. */
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png"] as const;
