import { type UIMatch, useMatches } from "react-router";

/** What a route tells the screen it renders: the `common` key of its title. */
export interface ScreenHandle {
  titleKey: string;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return (
    typeof handle === "object" && handle !== null && typeof (handle as ScreenHandle).titleKey === "string"
  );
}

/** The title key of the deepest matched route that declares one. */
function screenTitleKey(matches: readonly UIMatch[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isScreenHandle(handle)) return handle.titleKey;
  }
  return null;
}

export function useScreenTitleKey(): string | null {
  return screenTitleKey(useMatches());
}
