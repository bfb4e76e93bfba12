import { useSyncExternalStore } from "react";

/*
 * Whether the intro guide is open. The shell shows it (as the splash at a first sign-in) and My
 * Account reopens it, from different route chunks: a tiny store both can reach, without a context
 * provider around the whole app.
 */

let opened = false;
const listeners = new Set<() => void>();

function setOpened(next: boolean): void {
  if (opened === next) return;
  opened = next;
  for (const listener of listeners) listener();
}

export function openIntroGuide(): void {
  setOpened(true);
}

export function closeIntroGuide(): void {
  setOpened(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIntroGuideOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
}
