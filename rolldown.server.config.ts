/**
 * The production server bundle (`npm start`, `npm run serve`): dist/server.mjs, the modules it
 * imports only when needed in dist/server-chunks/, and its worker threads' files
 * (dist/photo-worker.mjs, dist/checkpoint-worker.mjs).
 * Loading ~1,800 separate modules, ours through Node's type stripping, kept the idle server near
 * 200 MB resident; one file of plain ASCII JavaScript (a Latin-1 source is held in memory at half
 * the size of a UTF-16 one) brings it under the 150 MB budget of DESIGN.md. Tests, the CLI and
 * `npm run dev` still run the TypeScript sources.
 *
 * The entries sit directly in dist/, so server/config.ts finds the repository (dist/web,
 * public/locales) one folder up, as it does from server/.
 */
import { rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { defineConfig, type OutputOptions, type Plugin, type RolldownOptions } from "rolldown";

const OUT_DIR = "dist";
const CHUNK_DIR = "server-chunks";

/**
 * Worker threads start from a file beside their caller, `new URL("./<name>-worker.ts",
 * import.meta.url)`; each worker is a bundle of its own beside dist/server.mjs (WORKERS).
 */
const WORKER_URL = /new URL\("\.\/([\w-]+-worker)\.ts", import\.meta\.url\)/g;
const workerFiles: Plugin = {
  name: "kinfile-worker-files",
  transform: {
    filter: { code: /-worker\.ts"/ },
    handler(code) {
      return code.replaceAll(WORKER_URL, 'new URL("./$1.mjs", import.meta.url)');
    },
  },
};

/** Chunk names carry a hash: a new build must not leave the last one's beside it. */
const freshChunkDir: Plugin = {
  name: "kinfile-fresh-chunk-dir",
  buildStart() {
    rmSync(`${OUT_DIR}/${CHUNK_DIR}`, { recursive: true, force: true });
  },
};

const output: OutputOptions = {
  dir: OUT_DIR,
  format: "esm",
  entryFileNames: "[name].mjs",
  chunkFileNames: `${CHUNK_DIR}/[name]-[hash].mjs`,
  // Plain ASCII with no comments: one character outside Latin-1 would make V8 keep the whole source as UTF-16.
  charset: "ascii",
  comments: false,
};

function bundle(name: string, input: string, plugins: Plugin[], codeSplitting: boolean): RolldownOptions {
  return {
    input: { [name]: input },
    platform: "node",
    // Everything from node_modules goes in but pino, whose log transports (pino-pretty when
    // NODE_ENV=development) start worker threads from files of its own folder.
    external: [/^node:/, ...builtinModules, "pino"],
    plugins,
    output: { ...output, codeSplitting },
  };
}

export default defineConfig([
  // Dynamic imports (the SMTP library, the PostgreSQL driver, the dev mailbox) become chunks loaded on first use.
  bundle("server", "server/main.ts", [freshChunkDir, workerFiles], true),
  // Each built on its own so it shares no chunk with the server: one file the worker thread loads.
  bundle("photo-worker", "server/modules/persons/photo-worker.ts", [], false),
  bundle("checkpoint-worker", "server/db/checkpoint-worker.ts", [], false),
]);
