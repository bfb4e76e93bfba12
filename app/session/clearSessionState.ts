import type { QueryClient } from "@tanstack/react-query";

/**
 * Forgets everything tied to the signed-in session in this browser: session storage and cached
 * server data. Preferences kept in localStorage (language, theme, menu labels) stay: they belong
 * to the device, not to the session.
 */
export function clearSessionState(queryClient: QueryClient): void {
  try {
    sessionStorage.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  queryClient.clear();
}
