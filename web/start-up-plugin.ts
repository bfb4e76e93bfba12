/**
 * The app's start-up file (used by vite.config.ts). main.tsx imports the router and then the
 * providers (AppRoot.tsx) one step after another, each evaluated in a task of its own, so that no
 * step is a long task on a phone. Those imports must not cost a round trip: the build keeps them,
 * and everything they import, in the start-up file with the entry's own modules, which every page
 * load fetches (index.html asks for it at once). The build fails if one leaves it.
 */
import type { Plugin } from "vite";

/** The entry and the modules it imports in steps, each with all it imports in turn. */
export const START_UP_MODULES = /[\\/]app[\\/](main|router|AppRoot)\.tsx$/;

/** The start-up file's name (its chunk's, before the hash). */
export const START_UP_CHUNK = "startup";

export function startUpInOneFile(): Plugin {
  return {
    name: "kinfile:start-up-in-one-file",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const stray = chunk.moduleIds.filter((id) => START_UP_MODULES.test(id));
        if (stray.length > 0 && chunk.name !== START_UP_CHUNK) {
          this.error(`start-up: ${stray.join(", ")} went to ${chunk.fileName}, not the start-up file`);
        }
      }
    },
  };
}
