import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SHARE_CACHE, SHARED_FILE_URL, SHARED_PARAM } from "./sharedFile.ts";

/** The service worker's half is plain JavaScript in public/; the two must name the same places. */
describe("the share target's two halves", () => {
  const worker = readFileSync(resolve(import.meta.dirname, "../../public/share-target.js"), "utf8");
  const constant = (name: string) => worker.match(new RegExp(`const ${name} = "([^"]+)";`))?.[1];

  it("keep the shared file in the same cache, under the same address", () => {
    expect(constant("SHARE_CACHE")).toBe(SHARE_CACHE);
    expect(constant("SHARED_FILE_URL")).toBe(SHARED_FILE_URL);
  });

  it("open the add page with the parameter it looks for, at the manifest's action", () => {
    expect(constant("LIBRARY_ADD_PATH")).toBe(`/dashboard/inventory/documentlibrary/add?${SHARED_PARAM}=1`);
    expect(constant("SHARE_TARGET_PATH")).toBe("/share-target");
    expect(readFileSync(resolve(import.meta.dirname, "../../web/pwa-plugin.ts"), "utf8")).toContain(
      'action: "/share-target"',
    );
  });
});
