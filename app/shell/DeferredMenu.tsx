import { cloneElement, type ReactElement, type ReactNode, Suspense, useEffect, useState } from "react";
import { useAfterFirstPaint } from "./useAfterFirstPaint.ts";

export interface DeferredMenuProps {
  /** The menu's button, drawn alone until it is first pressed. */
  button: ReactElement<{ onClick?: () => void }>;
  /** The menu, open: a lazy component wrapping the same button. */
  menu: ReactNode;
  /** Fetches the menu's code, asked for once the frame is painted so that a press finds it there. */
  load: () => Promise<unknown>;
}

/**
 * A header menu (the theme's, the account's) whose code stays out of the frame's first drawing:
 * Mantine's Menu is a good part of the frame's code to evaluate, and its dropdown's positioning
 * draws each menu a second time in the commit that mounts it. Its button is drawn alone, saying it
 * opens a menu; the first press puts the menu, open, in its place. The button is replaced only
 * then, never under a press already started.
 */
export function DeferredMenu({ button, menu, load }: DeferredMenuProps) {
  const painted = useAfterFirstPaint();
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (painted) void load();
  }, [painted, load]);
  const alone = cloneElement(button, {
    onClick: () => setPressed(true),
    "aria-haspopup": "menu",
    "aria-expanded": false,
  } as Partial<{ onClick: () => void }>);
  if (!pressed) return alone;
  return <Suspense fallback={alone}>{menu}</Suspense>;
}
