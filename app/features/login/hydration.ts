import { type RefObject, useLayoutEffect, useSyncExternalStore } from "react";

/*
 * The sign-in page is drawn at build time and hydrated in the browser (web/prerender.tsx,
 * signInIsland.tsx): its first drawing must match the HTML the server sent, whatever the browser
 * turns out to be, and what the reader did before the script arrived must count.
 */

const noChanges = () => () => {};

/**
 * `read()` in the browser, but `assumed` while hydrating (and on the server): the page then draws
 * as the server did, and once more with the browser's answer.
 */
export function useBrowserValue<T>(read: () => T, assumed: T): T {
  return useSyncExternalStore(noChanges, read, () => assumed);
}

/** False on the server and while hydrating, then true: the page's script is running. */
export function useScriptRunning(): boolean {
  return useBrowserValue(() => true, false);
}

/**
 * A field of the HTML the server sent can be typed into (or filled by the browser's password
 * manager) before the script runs; hydrating keeps that text in the field but not in the state
 * the form submits, so the state takes it, once, before the first paint the script makes.
 */
export function useValueTypedBeforeScript(
  field: RefObject<HTMLInputElement | null>,
  setValue: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed) setValue(typed);
  }, [field, setValue]);
}
