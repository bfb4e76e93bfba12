/**
 * The production server bundle (`npm start`, `npm run serve`): dist/server.mjs, the modules it
 * imports only when needed in dist/server-chunks/, its worker threads' files
 * (dist/photo-worker.mjs, dist/checkpoint-worker.mjs) and the files it reads at run time
 * (dist/fonts/, beside dist/web/ and its locales/ from the Vite build).
 * Loading every module separately, ours through Node's type stripping, kept the idle server over
 * the memory budget of DESIGN.md; one file of plain ASCII JavaScript (a Latin-1 source is held in
 * memory at half the size of a UTF-16 one) brings it under (bench/README.md has the figures).
 * Tests of the code, the CLI and `npm run dev` run the TypeScript sources; the browser tests and
 * the bundle smoke suite (smoke/bundle.smoke.ts) run this bundle.
 *
 * A deployment is dist/, package.json, package-lock.json and the production node_modules: nothing
 * here may read a file of the repository's sources. server/config.ts finds the shipped files beside
 * the bundle when KINFILE_BUNDLE is defined (SHIPPED_FILES).
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { defineConfig, type OutputOptions, type Plugin, type RolldownOptions } from "rolldown";

const OUT_DIR = "dist";
const CHUNK_DIR = "server-chunks";
/** The binder's fonts (server/modules/binder/fonts) and their licence, copied to dist/fonts/. */
const FONTS_DIR = "server/modules/binder/fonts";

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

/**
 * A package that loads its own files with `createRequire(import.meta.url)` and its package.json's
 * `imports` (pdfkit's `require('#standard-fonts/Helvetica')`) would look for them from the
 * bundle's folder, where no such package is: those calls become plain `require`, which the bundler
 * resolves through the package's `imports` and bundles.
 */
const CREATE_REQUIRE = /const (\w+\$?\w*) = createRequire\(import\.meta\.url\);/;
const packageImports: Plugin = {
  name: "kinfile-package-imports",
  transform: {
    filter: { id: /node_modules/, code: /createRequire\(import\.meta\.url\)/ },
    handler(code) {
      const name = CREATE_REQUIRE.exec(code)?.[1];
      if (name === undefined) return null;
      const call = new RegExp(`\\b${name.replaceAll("$", "\\$")}\\((['"]#)`, "g");
      return code.replace(call, "require($1");
    },
  },
};

/** The files the server reads at run time, copied into dist/ so that the deployment holds them. */
const shippedFiles: Plugin = {
  name: "kinfile-shipped-files",
  generateBundle() {
    for (const name of readdirSync(FONTS_DIR)) {
      this.emitFile({
        type: "asset",
        fileName: `fonts/${name}`,
        source: readFileSync(path.join(FONTS_DIR, name)),
      });
    }
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
    transform: { define: { KINFILE_BUNDLE: "true" } },
    plugins: [packageImports, ...plugins],
    output: { ...output, codeSplitting },
  };
}

export default defineConfig([
  // Dynamic imports (the SMTP library, the PostgreSQL driver, the dev mailbox) become chunks loaded on first use.
  bundle("server", "server/main.ts", [freshChunkDir, workerFiles, shippedFiles], true),
  // Each built on its own so it shares no chunk with the server: one file the worker thread loads.
  bundle("photo-worker", "server/modules/persons/photo-worker.ts", [], false),
  bundle("checkpoint-worker", "server/db/checkpoint-worker.ts", [], false),
]);
