import type { QueryClient } from "@tanstack/react-query";

/**
 * Prefix of anything kept in localStorage for the signed-in session only (the spec's "stored auth
 * state"): sign-in and sign-out remove every such key. The session itself is an httpOnly cookie the
 * app never reads, so no token is ever kept in storage.
 */
export const SESSION_STORAGE_PREFIX = "kinfile.session.";

function removeSessionKeys(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key?.startsWith(SESSION_STORAGE_PREFIX)) storage.removeItem(key);
  }
}

/**
 * Forgets everything tied to the signed-in session in this browser: session storage, stored auth
 * state and cached server data. Preferences kept in localStorage (language, theme, menu labels)
 * stay: they belong to the device, not to the session.
 */
export function clearSessionState(queryClient: QueryClient): void {
  try {
    sessionStorage.clear();
    removeSessionKeys(localStorage);
  } catch {
    // Blocked storage holds nothing to clear.
  }
  queryClient.clear();
}
