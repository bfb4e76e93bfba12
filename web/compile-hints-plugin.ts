/**
 * V8 compiles a function when it is first called, on the main thread, unless told that a file's
 * functions run as it loads: then it compiles them while it streams the file, on a background
 * thread. The app's chunks each arrive because a screen is about to run them (the start-up, the
 * frame, a screen and what it draws with), so their compiles on first call were a large part of
 * the long tasks that evaluate them on a phone. This plugin (used by every build of the app,
 * vite.config.ts and prerender-plugin.ts) opens each chunk with V8's explicit compile hint, a
 * magic comment that counts only before the file's first token (bench/README.md has the figures).
 * Vite puts its preload map at the top of a chunk late in the build, so the hint goes on last, and
 * the chunks' compressed copies are made here from the hinted code (`compressedCopies`; the build
 * of the sign-in page's entry makes its own after it).
 */
import type { Plugin } from "vite";
import { COMPRESSED, compressedCopies } from "./compressed-copies.ts";

/** V8's hint that every function of the file is called while the page loads. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export function compileHints(options: { compressedCopies: boolean }): Plugin {
  return {
    name: "kinfile:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      // After Vite's own, which puts a chunk's preload map at its top.
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (!options.compressedCopies || Buffer.byteLength(chunk.code) < COMPRESSED.minBytes) continue;
          for (const [suffix, copy] of Object.entries(compressedCopies(chunk.code))) {
            this.emitFile({ type: "asset", fileName: `${chunk.fileName}${suffix}`, source: copy });
          }
        }
      },
    },
  };
}
