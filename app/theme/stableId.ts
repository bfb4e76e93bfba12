import { useId } from "react";

/**
 * The id Mantine's components give themselves when none is passed (their inputs' labels, a
 * popover's target and dropdown), as the build hands it to Mantine in place of @mantine/hooks'
 * useId (web/stable-ids-plugin.ts says why): React's own id, which is unique within its root and the
 * same in a drawing made on the server as in the browser that hydrates it.
 */
export function useStableId(staticId?: string): string {
  const reactId = useId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;
}
