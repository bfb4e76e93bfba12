/**
 * The page's half of sharing from the phone: the service worker (public/share-target.js) keeps a
 * shared photo or PDF in a cache of its own and opens the Documents Library's add page, which takes
 * it from there once. Taking it empties the cache, so the file is on the device no longer than the
 * add page needs it; a file left waiting more than an hour is dropped instead of offered.
 */

/** Names the service worker uses too (public/share-target.js). */
export const SHARE_CACHE = "kinfile-shared-file";
export const SHARED_FILE_URL = "/shared-file";
/** The search parameter the service worker adds to the add page's address. */
export const SHARED_PARAM = "shared";

const KEPT_AT_MOST_MS = 60 * 60 * 1000;

/** The shared file, or null when there is none (or it is stale); either way the cache is emptied. */
export async function takeSharedFile(now = Date.now()): Promise<File | null> {
  if (typeof caches === "undefined") return null;
  const response = await (await caches.open(SHARE_CACHE)).match(SHARED_FILE_URL);
  await caches.delete(SHARE_CACHE);
  if (!response) return null;
  const sharedAt = Number(response.headers.get("x-shared-at"));
  if (!(now - sharedAt < KEPT_AT_MOST_MS)) return null;
  const name = decodeURIComponent(response.headers.get("x-file-name") ?? "") || "shared-file";
  const type = response.headers.get("content-type") ?? "";
  return new File([await response.blob()], name, { type });
}
