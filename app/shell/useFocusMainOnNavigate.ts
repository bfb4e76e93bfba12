import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { MAIN_CONTENT_ID } from "./SkipLink.tsx";

/**
 * After an in-app navigation, focus moves to the main region, as a page load would do for a
 * screen reader; the first render is left alone so the browser's own start position stays.
 */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: false });
  }, [pathname]);
}
