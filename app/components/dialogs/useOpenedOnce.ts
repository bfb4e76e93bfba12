import { useState } from "react";

/**
 * True from the first time `opened` is true, and ever after. A dialog, drawer or sheet renders
 * nothing until then: a closed one still mounts Mantine's portal, focus trap and scroll lock, each
 * a render of its own during the page's start. Once seen it stays mounted, so it can animate its
 * closing.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen || opened;
}
