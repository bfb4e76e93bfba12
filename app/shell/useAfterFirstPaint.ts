import { startTransition, useEffect, useState } from "react";

/**
 * False until the screen has been painted once since the caller mounted. What the first screen
 * can do without (a banner that is rarely there, the actions below the tiles, the session's
 * expiry check) waits for it, so that its code, its requests and its rendering never stand
 * between a phone and the screen's first paint. A timer started from an animation frame runs
 * after that frame is painted. What then appears is drawn as a transition, which React renders in
 * slices between which the page still answers the reader, rather than in one long task.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
