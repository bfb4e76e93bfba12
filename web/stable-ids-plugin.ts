/**
 * Mantine's components name themselves (an input for its label, a popover's target for its
 * dropdown) with @mantine/hooks' useId, which starts from React's id and, in a layout effect
 * after mounting, swaps it for a random one. That effect sets state in the commit, so React renders
 * every input, select, menu and dialog a second time, synchronously, in the task that first
 * renders them: on a record form, most of a long task on a phone. React's id is already
 * unique within its root and stable for the component's life; this plugin (used by every build
 * of the app, vite.config.ts and prerender-plugin.ts) gives Mantine app/theme/stableId.ts instead,
 * which keeps it. The build fails if Mantine no longer has the module, rather than silently
 * drawing twice again.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** Mantine's useId module, wherever the package is installed. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

const STABLE_ID = resolve(import.meta.dirname, "../app/theme/stableId.ts");

export function stableMantineIds(): Plugin {
  let replaced = false;
  return {
    name: "kinfile:stable-mantine-ids",
    enforce: "pre",
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      replaced = true;
      return `export { useStableId as useId } from ${JSON.stringify(STABLE_ID)};\n`;
    },
    buildEnd(error) {
      if (!error && !replaced && !this.meta.watchMode) {
        this.error(
          "stable-ids: @mantine/hooks has no esm/use-id/use-id.mjs any more; see stable-ids-plugin.ts",
        );
      }
    },
  };
}
