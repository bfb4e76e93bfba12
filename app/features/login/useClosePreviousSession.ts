import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { endSession } from "../../session/authApi.ts";
import { clearSessionState } from "../../session/clearSessionState.ts";

/**
 * Spec /login "on load": forget session storage, stored auth state and cached data, and close any
 * session the cookie still holds. Returns a wait for that closing, which every sign-in awaits, so a
 * late sign-out can never end the session the reader has just opened.
 */
export function useClosePreviousSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const closing = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    clearSessionState(queryClient);
    closing.current = endSession();
  }, [queryClient]);
  return useCallback(() => closing.current, []);
}
