import { describe, expect, it } from "vitest";
import { LIMITS, SLIDESHOW_IMAGES, TIMINGS_MS } from "./limits.ts";

// Spec section 9, "Business constants and limits".
describe("section 9 limits", () => {
  it("text fields max 256; comment max 2048; multi-value rows max 5", () => {
    expect(LIMITS.textMax).toBe(256);
    expect(LIMITS.longTextMax).toBe(2048);
    expect(LIMITS.multiValueRowsMax).toBe(5);
  });

  it("upload and photo limit 5 MB; photo resized to 512x512", () => {
    expect(LIMITS.uploadBytesMax).toBe(5 * 1024 * 1024);
    expect(LIMITS.photoSidePx).toBe(512);
  });

  it("session-expired countdown 115 s; token early-expiry 240 s; slideshow 10 s with 8 images", () => {
    expect(TIMINGS_MS.sessionExpiredCountdown).toBe(115 * 1000);
    expect(TIMINGS_MS.tokenEarlyExpiry).toBe(240 * 1000);
    expect(TIMINGS_MS.slideshowInterval).toBe(10 * 1000);
    expect(SLIDESHOW_IMAGES).toBe(8);
  });

  it("unsubscribe delay 2.5 s; persistence throttle 1 s; editor reset 300 ms; navigation 1000 ms; scroll 1500 ms", () => {
    expect(TIMINGS_MS.unsubscribeDelay).toBe(2.5 * 1000);
    expect(TIMINGS_MS.statePersistThrottle).toBe(1 * 1000);
    expect(TIMINGS_MS.contactEditorReset).toBe(300);
    expect(TIMINGS_MS.navigateAfterSave).toBe(1000);
    expect(TIMINGS_MS.scrollRestore).toBe(1500);
  });
});
