/*
 * The share target of the installable app, imported by the service worker that vite-plugin-pwa
 * generates (vite.config.ts, workbox.importScripts). A phone's share sheet POSTs the shared photo
 * or PDF here (the manifest's share_target); the worker answers it itself, so the server never sees
 * that request: it keeps the file in a cache of its own, replacing any earlier one, and opens the
 * Documents Library's add page, which takes the file out of the cache at once (app/pwa/sharedFile.ts;
 * the names below must match it, which app/pwa/sharedFile.test.ts checks). Signed out, the add page
 * sends the owner to sign in first and back; the file waits, an hour at most.
 */
const SHARE_TARGET_PATH = "/share-target";
const SHARE_CACHE = "kinfile-shared-file";
const SHARED_FILE_URL = "/shared-file";
const LIBRARY_ADD_PATH = "/dashboard/inventory/documentlibrary/add?shared=1";

async function keepSharedFile(request) {
  const form = await request.formData();
  const file = form.getAll("file").find((value) => value instanceof File && value.size > 0);
  await caches.delete(SHARE_CACHE);
  if (file) {
    const cache = await caches.open(SHARE_CACHE);
    await cache.put(
      SHARED_FILE_URL,
      new Response(file, {
        headers: {
          "content-type": file.type || "application/octet-stream",
          "x-file-name": encodeURIComponent(file.name),
          "x-shared-at": String(Date.now()),
        },
      }),
    );
  }
  return Response.redirect(LIBRARY_ADD_PATH, 303);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.origin !== self.location.origin) return;
  if (url.pathname !== SHARE_TARGET_PATH) return;
  event.respondWith(keepSharedFile(event.request));
});
